/** Responses with prepared bodies (the reference bodies, the API description), which clients revalidate by ETag. */
import type { CachedBody } from "./reference-bodies";
import { JSON_HEADERS, successBytes } from "./respond";

// Authenticated by client credentials, so private; no-cache makes clients revalidate with the ETag.
const CACHE_CONTROL = "private, no-cache";

/** 304 when the client already holds these bytes (If-None-Match), else the bytes with their ETag. */
export function cachedResponse(request: Request, body: CachedBody): Response {
  const headers = { ETag: body.etag, "Cache-Control": CACHE_CONTROL };
  if (matchesEtag(request.headers.get("if-none-match"), body.etag)) return new Response(null, { status: 304, headers });
  return successBytes(body.bytes, { ...JSON_HEADERS, ...headers });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
