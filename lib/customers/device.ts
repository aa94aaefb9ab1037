import { isIP } from "node:net";
import { fieldError } from "@/lib/api/errors";

/** Who the customer is, as the app's backend tells us: recorded with tokens and events. */
export type Device = { ip: string; userAgent: string; fingerprint: string };

const MAX_HEADER_LENGTH = 512;

/**
 * X-Client-IP, X-Client-UA, X-Client-Fingerprint. Without X-Client-IP the connecting address
 * stands in (as forwarded by the proxy in front of us), so per-IP limits still apply.
 */
export function readDevice(request: Request): Device {
  const claimedIp = request.headers.get("x-client-ip")?.trim();
  if (claimedIp && !isIP(claimedIp)) throw fieldError("X-Client-IP", "invalid", "X-Client-IP must be an IPv4 or IPv6 address");
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    ip: claimedIp || (forwarded && isIP(forwarded) ? forwarded : "unknown"),
    userAgent: (request.headers.get("x-client-ua") ?? "").slice(0, MAX_HEADER_LENGTH),
    fingerprint: (request.headers.get("x-client-fingerprint") ?? "").slice(0, MAX_HEADER_LENGTH),
  };
}
