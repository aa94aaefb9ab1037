/**
 * Where a request was addressed, and whether a browser sent it from there. A browser cannot set
 * Host, Origin or Sec-Fetch-Site itself, so a page on another origin (even of the same site, which
 * gets the SameSite=Lax session cookie sent along) is told apart from the service's own pages.
 */
import { config } from "@/lib/config";
import { crossOriginRefused } from "./errors";

type RequestHeaders = Pick<Headers, "get">;

/** Behind a proxy that ends TLS, X-Forwarded-Proto says so; Next sets it from the socket otherwise. */
export function servedOverHttps(headers: RequestHeaders): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0].trim();
  return forwarded === "https" || config().PUBLIC_URL?.startsWith("https:") === true;
}

/**
 * A write from a page of another origin: its Origin (or, from a browser that sent none,
 * Sec-Fetch-Site) is not this service's own. A request with neither header is not from a browser
 * and is left to its credentials alone. The service's own origin is the one the request was
 * addressed to (Host, and the scheme as `servedOverHttps` judges it) or PUBLIC_URL's; a page that
 * reaches this server under a name of its own (DNS rebinding) gets no cookie of this one.
 */
export function refuseCrossOriginWrite(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const { headers } = request;
  const origin = headers.get("origin");
  const fetchSite = headers.get("sec-fetch-site");
  const sameOrigin =
    origin !== null ? ownOrigins(headers).includes(origin) : fetchSite === null || fetchSite === "same-origin";
  if (!sameOrigin) throw crossOriginRefused();
}

/**
 * The origin links to the back office are built on (a staff member's reset link): PUBLIC_URL's,
 * else the one the request was addressed to. Set PUBLIC_URL in production: without it, the Host a
 * client sends decides where the link points.
 */
export function backOfficeOrigin(headers: RequestHeaders): string {
  const [origin] = ownOrigins(headers);
  if (!origin) throw crossOriginRefused();
  return origin;
}

function ownOrigins(headers: RequestHeaders): string[] {
  const origins: string[] = [];
  const { PUBLIC_URL } = config();
  if (PUBLIC_URL) origins.push(new URL(PUBLIC_URL).origin);
  const host = headers.get("host");
  if (host) {
    try {
      origins.push(new URL(`${servedOverHttps(headers) ? "https" : "http"}://${host}`).origin);
    } catch {
      // A Host that is not a host name matches no Origin.
    }
  }
  return origins;
}
