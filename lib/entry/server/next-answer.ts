/**
 * What the server's fast paths (reference-fast-path.ts, route-fast-path.ts) share: which requests
 * are Next's own business, and writing an answer to node:http as Next's sendResponse writes a
 * route's Response, so that nothing tells the two apart but the time taken.
 */
import type http from "node:http";

export type Answer = { status: number; headers: Record<string, string>; bytes?: Uint8Array };

/** Request headers Next's router may answer otherwise for (RSC, its client router's, middleware's, platforms'). */
const NEXT_REQUEST_HEADER = /^(?:rsc$|next-|x-nextjs-|x-middleware-|x-invoke-|x-matched-path$|x-now-|x-prerender-)/;

/** True when a request carries a header Next's router reads. */
export function hasNextRequestHeader(request: http.IncomingMessage): boolean {
  for (const name in request.headers) if (NEXT_REQUEST_HEADER.test(name)) return true;
  return false;
}

/** A route's Response as an Answer, its body read. */
export async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/**
 * As Next's sendResponse writes a route's Response: header names in lower case and in the order of a
 * Headers object, none the server had set already, the body as one chunk (chunked, as Next streams
 * it), none for HEAD or a 304.
 */
export function sendAnswer(request: http.IncomingMessage, response: http.ServerResponse, answer: Answer): void {
  if (response.destroyed) return;
  response.statusCode = answer.status;
  const headers = Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value]);
  headers.sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, value] of headers) {
    if (!response.hasHeader(name)) response.setHeader(name, value);
  }
  if (answer.bytes && request.method !== "HEAD") response.write(answer.bytes);
  response.end();
}
