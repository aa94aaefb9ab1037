/**
 * The reference reads (lib/http/reference-reads.ts) answered on node:http, before Next's router: an
 * app launch makes them all, and through Next each costs as much as any request does there, where
 * its own work is a look-up in memory. The functions of the route decide every answer (the
 * credentials check, the 200 or 304, the request id, the one error translator); it is written as
 * Next writes a route's Response (next-answer.ts). Nothing tells the two apart but the time taken
 * (test/reference-fast-path.test.ts).
 * Whatever is not plainly such a read goes to Next unchanged: other methods, any other spelling of
 * the paths, a query string, a request body, the request headers of Next's own router.
 * FAST_PATH=false sends them all to Next.
 */
import type http from "node:http";
import { config } from "@/lib/platform/config";
import { REFERENCE_READS, type ReferenceReadPath, readReference } from "@/lib/http/reference-reads";
import { failure, newRequestId, REQUEST_ID_HEADER } from "@/lib/http/respond";
import { requireClient } from "@/lib/http/with-client";
import { log } from "@/lib/platform/runtime/log";
import { type Answer, answerOf, hasNextRequestHeader, sendAnswer } from "./next-answer";
import { headersOf } from "./request-headers";

const PATHS: ReadonlySet<string> = new Set(Object.keys(REFERENCE_READS));

/** Answers `request` when it is a reference read and returns true; returns false, having done nothing, otherwise. */
export function answerReferenceRead(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const path = request.url;
  if (path === undefined || !PATHS.has(path)) return false;
  if ((request.method !== "GET" && request.method !== "HEAD") || !config().FAST_PATH) return false;
  if ("content-length" in request.headers || "transfer-encoding" in request.headers) return false;
  if (hasNextRequestHeader(request)) return false;
  answer(path as ReferenceReadPath, request, response).catch((error) => {
    log().error({ err: error }, "a reference read failed while being written");
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
    reply = await answerOf(failure(error, requestId));
  }
  sendAnswer(request, response, reply);
}
