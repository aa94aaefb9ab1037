/** Answers with prepared bodies (the reference bodies, the API description), which clients revalidate by ETag. */
import type { CachedBody } from "./reference-bodies";
import { JSON_HEADERS, type PreparedAnswer, responseOf } from "./respond";

// Authenticated by client credentials, so private; no-cache makes clients revalidate with the ETag.
const CACHE_CONTROL = "private, no-cache";

/** 304 when the client already holds these bytes (`ifNoneMatch`, its If-None-Match), else the bytes with their ETag. */
export function cachedAnswer(ifNoneMatch: string | null, body: CachedBody): PreparedAnswer {
  const headers = { ETag: body.etag, "Cache-Control": CACHE_CONTROL };
  if (matchesEtag(ifNoneMatch, body.etag)) return { status: 304, headers };
  return { status: 200, headers: { ...JSON_HEADERS, ...headers }, bytes: body.bytes };
}

/** `cachedAnswer` for `request`, as a Response. */
export function cachedResponse(request: Request, body: CachedBody): Response {
  return responseOf(cachedAnswer(request.headers.get("if-none-match"), body));
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
