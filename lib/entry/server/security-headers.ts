/**
 * The headers every response carries, set on the node:http response before Next sees the request,
 * so that Next's own pages, 404s and files carry them as well as the API.
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { servedOverHttps } from "@/lib/http/origin";
import { headersOf } from "./request-headers";

const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

export function setSecurityHeaders(request: http.IncomingMessage, response: http.ServerResponse): void {
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "no-referrer");
  if (servedOverHttps(headersOf(request))) {
    response.setHeader("Strict-Transport-Security", `max-age=${TWO_YEARS_SECONDS}; includeSubDomains`);
  }
  if (isBackOfficePage(request.url)) {
    const policy = backOfficePolicy(randomBytes(16).toString("base64"));
    // Next reads the nonce from the request's policy and puts it on every script of the page.
    request.headers["content-security-policy"] = policy;
    response.setHeader("Content-Security-Policy", policy);
  }
}

/** The back office's pages: the app, and the page of a staff member's reset link. */
const BACK_OFFICE_PAGES = ["/admin", "/admin/reset-password"];
const isBackOfficePage = (url = "") => BACK_OFFICE_PAGES.includes(url.split("?")[0]);

/**
 * The back office may not be framed, and runs only the scripts Next wrote into the page (with
 * this response's nonce) and those they load. Styles may be inline: MUI writes its own.
 */
function backOfficePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
