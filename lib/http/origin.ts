/**
 * Where a request was addressed, whether a browser sent it from there, and the one address links
 * are built on. A browser cannot set Host, Origin or Sec-Fetch-Site itself, so a page on another
 * origin (even of the same site, which gets the SameSite=Lax session cookie sent along) is told
 * apart from the service's own pages. X-Forwarded-Proto and X-Forwarded-Host are believed only from
 * TRUSTED_PROXIES (./request-address.ts): anyone else can write them.
 */
import { config } from "@/lib/platform/config";
import { announcedServerUrl, serverUrl } from "@/lib/platform/runtime/server-url";
import { crossOriginRefused } from "./errors";
import { fromTrustedProxy } from "./request-address";

type RequestHeaders = Pick<Headers, "get">;

/** The first value of a header a trusted proxy set, or undefined (not set, or not from a trusted proxy). */
function forwarded(headers: RequestHeaders, name: string): string | undefined {
  // The header first: most requests have none, and the peer's check parses its address.
  const value = headers.get(name);
  if (!value || !fromTrustedProxy(headers)) return undefined;
  return value.split(",")[0].trim() || undefined;
}

/** Over https: PUBLIC_URL says so, or a trusted proxy that ends TLS does (X-Forwarded-Proto). */
export function servedOverHttps(headers: RequestHeaders): boolean {
  return forwarded(headers, "x-forwarded-proto") === "https" || config().PUBLIC_URL?.startsWith("https:") === true;
}

/**
 * The origin every link in an e-mail and every next-auth URL is built on: PUBLIC_URL's, else the
 * address the server announced at start (`http://localhost:<port>`). Never the request's Host or
 * forwarded headers, which whoever sends the request chooses.
 */
export function linkOrigin(): string {
  const { PUBLIC_URL, HOSTNAME, PORT } = config();
  return new URL(PUBLIC_URL ?? announcedServerUrl() ?? serverUrl(HOSTNAME, PORT)).origin;
}

/**
 * A write from a page of another origin: its Origin (or, from a browser that sent none,
 * Sec-Fetch-Site) is not this service's own. A request with neither header is not from a browser
 * and is left to its credentials alone. The service's own origin is the one the request was
 * addressed to (Host, or a trusted proxy's X-Forwarded-Host, and the scheme as `servedOverHttps`
 * judges it) or PUBLIC_URL's; a page that reaches this server under a name of its own (DNS
 * rebinding) gets no cookie of this one.
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
 * The origins the back office's own pages run on, which a staff passkey's answer must come from
 * (lib/domain/passkeys/): PUBLIC_URL's when it is set; else, as for a write, the one the request was
 * addressed to (a server reached as http://localhost:<port>, say, which WebAuthn needs).
 */
export function backOfficeOrigins(headers: RequestHeaders): string[] {
  const { PUBLIC_URL } = config();
  return PUBLIC_URL ? [new URL(PUBLIC_URL).origin] : ownOrigins(headers);
}

function ownOrigins(headers: RequestHeaders): string[] {
  const origins: string[] = [];
  const { PUBLIC_URL } = config();
  if (PUBLIC_URL) origins.push(new URL(PUBLIC_URL).origin);
  const scheme = servedOverHttps(headers) ? "https" : "http";
  for (const host of [headers.get("host"), forwarded(headers, "x-forwarded-host")]) {
    if (!host) continue;
    try {
      origins.push(new URL(`${scheme}://${host}`).origin);
    } catch {
      // A Host that is not a host name matches no Origin.
    }
  }
  return origins;
}
