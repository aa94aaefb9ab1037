/**
 * What the server's fast paths (reference-fast-path.ts, route-fast-path.ts) share: which requests
 * are Next's own business, the request a route's handler is given, and writing its answer (a
 * Response read back, or an answer the route prepared) to node:http as Next's sendResponse writes
 * a route's Response, so that nothing tells the two apart but the time taken.
 */
import type http from "node:http";
import type { RouteContext, RouteExports } from "@/lib/http/build-route";
import type { PreparedAnswer } from "@/lib/http/respond";

/** Request headers Next's router may answer otherwise for (RSC, its client router's, middleware's, platforms'). */
const NEXT_REQUEST_HEADER = /^(?:rsc$|next-|x-nextjs-|x-middleware-|x-invoke-|x-matched-path$|x-now-|x-prerender-)/;

/** True when a request carries a header Next's router reads. */
export function hasNextRequestHeader(request: http.IncomingMessage): boolean {
  for (const name in request.headers) if (NEXT_REQUEST_HEADER.test(name)) return true;
  return false;
}

/** A handler a route file exports, as the fast paths call it. */
export type FastHandler = RouteExports["GET"];

/** What Next passes a route without dynamic segments. */
export const NO_PARAMS: RouteContext = { params: Promise.resolve({}) };

/** The request a route's handler is given for `request` (and its body, if it has one), with the headers node:http read. */
function webRequestOf(request: http.IncomingMessage, body?: Uint8Array<ArrayBuffer>): Parameters<FastHandler>[0] {
  const headers = new Headers();
  for (const name in request.headers) {
    const value = request.headers[name];
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.append(name, value ?? "");
  }
  // The routes read their request's method, headers and body, never its URL's host.
  const webRequest = new Request(`http://localhost${request.url}`, { method: request.method, headers, body });
  return webRequest as Parameters<FastHandler>[0];
}

/** Calls `handler` for `request` (with its body, if it has one) and writes its answer as Next would. */
export async function answerWith(
  handler: FastHandler,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  body?: Uint8Array<ArrayBuffer>,
): Promise<void> {
  const reply = await handler(webRequestOf(request, body), NO_PARAMS);
  sendAnswer(request, response, await answerOf(reply));
}

/** A route's Response as a prepared answer, its body read. */
async function answerOf(response: Response): Promise<PreparedAnswer> {
  return { status: response.status, headers: Object.fromEntries(response.headers), bytes: await bytesOf(response) };
}

const NO_BYTES = new Uint8Array(0);

/** A body of one chunk as it is, without a copy: a prepared body (successBytes) is written from where it is kept. */
async function bytesOf(response: Response): Promise<Uint8Array> {
  if (!response.body) return NO_BYTES;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/**
 * As Next's sendResponse writes a route's Response: header names in lower case and in the order of a
 * Headers object, none the server had set already, the body as one chunk (chunked, as Next streams
 * it), none for HEAD or a 304.
 */
export function sendAnswer(request: http.IncomingMessage, response: http.ServerResponse, answer: PreparedAnswer): void {
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
