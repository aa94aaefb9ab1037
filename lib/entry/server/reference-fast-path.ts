/**
 * GET and HEAD of the reference reads (the operations declared with `fastPath` and `answer` in
 * lib/http/reference-reads.ts), which every app launch makes, handed by the node:http server
 * straight to the prepared answer their route file's handler wraps in a Response for Next's router:
 * the route registers both as Next loads it (lib/http/operation.ts), as the logins' and
 * registrations' routes do for route-fast-path.ts, so there is one copy of it in memory, and until
 * then Next serves the route. The read itself is a look-up in memory (a prepared body and its ETag);
 * through Next's router it would cost as much as any request does there, and through undici's
 * Request, Headers and Response twice what it costs here. The route is given the request's method
 * and its headers as node:http read them (`Headers.get`'s way), and its answer (status, headers, the
 * prepared bytes) is written as Next writes a route's Response (next-answer.ts), the body without a
 * copy: nothing tells the two apart but the time taken (test/reference-fast-path.test.ts).
 * Whatever is not plainly such a read goes to Next unchanged: other methods, any other spelling of
 * the paths, a query string, a request body, the request headers of Next's own router.
 * FAST_PATH=false sends them all to Next.
 */
import type http from "node:http";
import { config } from "@/lib/platform/config";
import { fastRouteAnswer } from "@/lib/http/operation";
import { log } from "@/lib/platform/runtime/log";
import { hasNextRequestHeader, sendAnswer } from "./next-answer";
import { headersOf } from "./request-headers";

/** Answers `request` when it is a reference read and returns true; returns false, having done nothing, otherwise. */
export function answerReferenceRead(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.url === undefined) return false;
  // A HEAD is its GET's answer without the body, as Next serves it.
  const answer = fastRouteAnswer("GET", request.url);
  if (!answer || !config().FAST_PATH) return false;
  if ("content-length" in request.headers || "transfer-encoding" in request.headers) return false;
  if (hasNextRequestHeader(request)) return false;
  const view = { method: request.method, headers: headersOf(request) };
  answer(view)
    .then((prepared) => sendAnswer(request, response, prepared))
    .catch((error) => {
      log().error({ err: error }, "a reference read failed outside its handler");
      response.destroy();
    });
  return true;
}
