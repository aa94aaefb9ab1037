/** Responses with the reference bodies (lib/http/reference-bodies.ts), which clients revalidate by ETag. */
import type { CachedBody } from "./reference-bodies";
import { JSON_HEADERS, successBytes } from "./respond";

// Authenticated by client credentials, so private; no-cache makes clients revalidate with the ETag.
const CACHE_CONTROL = "private, no-cache";

/**
 * What a request for a prepared body is answered, before it becomes a Response (`cachedResponse`,
 * for Next's routes) or is written to node:http as it is (the server's fast path for the reference
 * reads, lib/entry/server/reference-fast-path.ts): the bytes and their headers, or a 304 without them.
 */
export type CachedAnswer =
  | { status: 200; headers: Record<string, string>; bytes: Uint8Array }
  | { status: 304; headers: Record<string, string>; bytes?: undefined };

/** 304 when the client already holds these bytes (If-None-Match), else the bytes with their ETag. */
export function cachedAnswer(ifNoneMatch: string | null, body: CachedBody): CachedAnswer {
  const headers = { ETag: body.etag, "Cache-Control": CACHE_CONTROL };
  if (matchesEtag(ifNoneMatch, body.etag)) return { status: 304, headers };
  return { status: 200, headers: { ...JSON_HEADERS, ...headers }, bytes: body.bytes };
}

export function answerResponse(answer: CachedAnswer): Response {
  if (answer.status === 304) return new Response(null, { status: 304, headers: answer.headers });
  return successBytes(answer.bytes, answer.headers);
}

export function cachedResponse(request: Request, body: CachedBody): Response {
  return answerResponse(cachedAnswer(request.headers.get("if-none-match"), body));
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
