import { isIP } from "node:net";
import { fieldError } from "@/lib/api/errors";
import { requestAddress } from "@/lib/request-address";

/** Who the customer is, as the app's backend tells us: recorded with tokens and events. */
export type Device = { ip: string; userAgent: string; fingerprint: string };

const MAX_HEADER_LENGTH = 512;

/**
 * X-Client-IP, X-Client-UA, X-Client-Fingerprint. Without X-Client-IP the address the request came
 * from stands in, so per-IP limits still apply.
 */
export function readDevice(request: Request): Device {
  const claimedIp = request.headers.get("x-client-ip")?.trim();
  if (claimedIp && !isIP(claimedIp)) throw fieldError("X-Client-IP", "invalid", "X-Client-IP must be an IPv4 or IPv6 address");
  return {
    ip: claimedIp || requestAddress(request.headers.get("x-forwarded-for")),
    userAgent: (request.headers.get("x-client-ua") ?? "").slice(0, MAX_HEADER_LENGTH),
    fingerprint: (request.headers.get("x-client-fingerprint") ?? "").slice(0, MAX_HEADER_LENGTH),
  };
}
