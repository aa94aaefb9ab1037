/**
 * The reference reads (lib/http/reference-reads.ts) answered on node:http, before Next's router: an
 * app launch makes them all, and through Next each costs as much as any request does there, where
 * its own work is a look-up in memory. The functions of the route decide every answer (the
 * credentials check, the 200 or 304, the request id, the one error translator); it is written as
 * Next writes a route's Response: header names in lower case and in the order of a Headers object,
 * none the server had set already, the body as one chunk (chunked, as Next streams it), none for
 * HEAD or a 304. Nothing tells the two apart but the time taken (test/reference-fast-path.test.ts).
 * Whatever is not plainly such a read goes to Next unchanged: other methods, any other spelling of
 * the paths, a query string, a request body, the request headers of Next's own router.
 * REFERENCE_FAST_PATH=false sends them all to Next.
 */
import type http from "node:http";
import { config } from "@/lib/config";
import { REFERENCE_READS, type ReferenceReadPath, readReference } from "@/lib/http/reference-reads";
import { failure, newRequestId, REQUEST_ID_HEADER } from "@/lib/http/respond";
import { requireClient } from "@/lib/http/with-client";
import { headersOf } from "./request-headers";

type Answer = { status: number; headers: Record<string, string>; bytes?: Uint8Array };

const PATHS: ReadonlySet<string> = new Set(Object.keys(REFERENCE_READS));
/** Request headers Next's router may answer otherwise for (RSC, its client router's, middleware's, platforms'). */
const NEXT_REQUEST_HEADER = /^(?:rsc$|next-|x-nextjs-|x-middleware-|x-invoke-|x-matched-path$|x-now-|x-prerender-)/;

/** Answers `request` when it is a reference read and returns true; returns false, having done nothing, otherwise. */
export function answerReferenceRead(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const path = request.url;
  if (path === undefined || !PATHS.has(path)) return false;
  if ((request.method !== "GET" && request.method !== "HEAD") || !config().REFERENCE_FAST_PATH) return false;
  for (const name in request.headers) {
    if (name === "content-length" || name === "transfer-encoding" || NEXT_REQUEST_HEADER.test(name)) return false;
  }
  answer(path as ReferenceReadPath, request, response).catch((error) => {
    console.error("reference read failed while being written:", error);
    response.destroy();
  });
  return true;
}

/** What clientRoute and buildRoute do for the route's GET, with the same functions. */
async function answer(path: ReferenceReadPath, request: http.IncomingMessage, response: http.ServerResponse) {
  const requestId = newRequestId();
  const headers = headersOf(request);
  let reply: Answer;
  try {
    await requireClient(headers);
    const read = await readReference(path, headers);
    reply = { ...read, headers: { ...read.headers, [REQUEST_ID_HEADER]: requestId } };
  } catch (error) {
    const refused = failure(error, requestId);
    const bytes = new Uint8Array(await refused.arrayBuffer());
    reply = { status: refused.status, headers: Object.fromEntries(refused.headers), bytes };
  }
  send(request, response, reply);
}

/** As Next's sendResponse writes a route's Response to node:http. */
function send(request: http.IncomingMessage, response: http.ServerResponse, answer: Answer): void {
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
