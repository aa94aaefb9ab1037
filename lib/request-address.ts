/**
 * The address a request came from. Next fills in X-Forwarded-For from the socket when no proxy
 * did; behind a proxy that appends to it, the last entry is the one the proxy saw.
 */
export function requestAddress(forwardedFor: string | null | undefined): string {
  return forwardedFor?.split(",").at(-1)?.trim() || "unknown";
}
