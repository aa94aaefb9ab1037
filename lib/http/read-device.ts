/** The device a customer acts from, as the app's backend reports it in the X-Client-* headers of a call. */
import { fieldError } from "@/lib/platform/errors/domain-error";
import type { Device } from "@/lib/domain/tokens/device";
import { canonicalAddress, isTrustedProxy, MAX_ADDRESS_LENGTH, requestAddress } from "./request-address";

/** Longer user agents and fingerprints are cut: they describe, they decide nothing. */
const MAX_DESCRIPTION_LENGTH = 512;

/**
 * X-Client-IP, X-Client-UA, X-Client-Fingerprint. X-Client-IP, which keys the per-IP limits, must
 * be a plain address (see canonicalAddress) and is stored in its canonical spelling. Without it the
 * address the request came from stands in, so per-IP limits still apply; but that address is the
 * caller's (the app's backend), not the customer's, and so is one of our own proxies' given as
 * X-Client-IP: `ipReported` is false for both, and linked accounts leave them out.
 */
export function readDevice(request: Request): Device {
  const claimedIp = request.headers.get("x-client-ip")?.trim();
  const ip = claimedIp ? canonicalAddress(claimedIp) : requestAddress(request.headers);
  if (!ip) {
    throw fieldError(
      "X-Client-IP",
      "invalid",
      `X-Client-IP must be an IPv4 or IPv6 address of at most ${MAX_ADDRESS_LENGTH} characters, without a zone`,
    );
  }
  return {
    ip,
    ipReported: !!claimedIp && !isTrustedProxy(ip),
    userAgent: (request.headers.get("x-client-ua") ?? "").slice(0, MAX_DESCRIPTION_LENGTH),
    fingerprint: (request.headers.get("x-client-fingerprint") ?? "").slice(0, MAX_DESCRIPTION_LENGTH),
  };
}
