/**
 * POST /client/v1/login, /client/v1/register and /client/v1/token/refresh (the operations declared
 * with `fastPath`), which every login, registration and refresh of an app makes, handed by the node:http server straight to the
 * handler their route file exports, the very function Next's router calls: the route registers it
 * as Next loads it (lib/http/operation.ts), so there is one copy of it in memory, and until then
 * Next serves the route. Next's router took about 1.6 ms of the event loop per login, a third of
 * what the route itself does besides its password hash; here it is skipped. The answer is written as
 * Next writes a route's Response (next-answer.ts): nothing tells the two apart but the time taken
 * (test/route-fast-path.test.ts). Whatever is not plainly such a call goes to Next unchanged: other
 * methods, any other spelling of the paths, a query string, a body without a Content-Length or
 * longer than any body a route reads (Next answers those with the route's 413), the request headers
 * of Next's own router. FAST_PATH=false sends them all to Next.
 */
import type http from "node:http";
import { config } from "@/lib/platform/config";
import { MAX_BODY_BYTES } from "@/lib/http/input";
import { fastRouteHandler } from "@/lib/http/operation";
import { log } from "@/lib/platform/runtime/log";
import { answerWith, type FastHandler, hasNextRequestHeader } from "./next-answer";

/** Answers `request` when it is a call of a fast route and returns true; returns false, having done nothing, otherwise. */
export function answerFastRoute(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (request.method !== "POST" || request.url === undefined || !config().FAST_PATH) return false;
  const handler = fastRouteHandler("POST", request.url);
  if (!handler) return false;
  const declared = request.headers["content-length"];
  if (declared === undefined || "transfer-encoding" in request.headers || Number(declared) > MAX_BODY_BYTES) {
    return false;
  }
  if (hasNextRequestHeader(request)) return false;
  answer(handler, request, response).catch((error) => {
    log().error({ err: error }, "a fast route failed outside its handler");
    response.destroy();
  });
  return true;
}

async function answer(handler: FastHandler, request: http.IncomingMessage, response: http.ServerResponse) {
  const body = await bodyOf(request);
  // The client went away before its body was in: there is no one to answer.
  if (body === undefined) {
    response.destroy();
    return;
  }
  await answerWith(handler, request, response, body);
}

/** The body node:http received, no longer than its Content-Length; undefined if the connection broke first. */
function bodyOf(request: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("close", () => {
      if (!request.complete) resolve(undefined);
    });
  });
}
