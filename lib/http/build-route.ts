/**
 * What every route wrapper shares: request id, the one error translator, a JSON 405 (with Allow)
 * for every method the route does not handle, OPTIONS, and no answer stored by a cache unless the
 * route says otherwise; the same steps for a method whose handler prepares its answer (`answerRoute`).
 */
import type { NextRequest } from "next/server";
import { notFound } from "@/lib/platform/errors/domain-error";
import { isStorableText } from "@/lib/platform/validation/fields";
import { methodNotAllowed } from "./errors";
import {
  failure,
  failureAnswer,
  hasHeader,
  newRequestId,
  type PreparedAnswer,
  REQUEST_ID_HEADER,
  responseOf,
} from "./respond";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteExports = Record<
  Method | "OPTIONS",
  (request: NextRequest, context: RouteContext) => Promise<Response>
>;

/** What a prepared answer is made from: the request's method and headers (a Request is one; so is a node:http request read as one). */
export type RequestView = { method: string; headers: Pick<Headers, "get"> };

/**
 * A method of a route that prepares its answer (respond.ts's PreparedAnswer) from the request's
 * method and headers alone: Next's route serves it as a Response, the server's fast path writes it
 * as it is.
 */
export type AnswerRoute = (request: RequestView) => Promise<PreparedAnswer>;

/**
 * A route's dynamic segments as strings, e.g. `{ id: "7" }` in /api/admin/locales/[id]. A segment
 * that no stored text could equal (a NUL, which PostgreSQL refuses, another control character, a
 * lone surrogate) names nothing: 404.
 */
export async function routeParams(context: RouteContext): Promise<Record<string, string>> {
  const params = Object.entries((await context.params) ?? {}).map(([name, value]) => [name, String(value)]);
  if (!params.every(([, value]) => isStorableText(value))) throw notFound();
  return Object.fromEntries(params);
}

/**
 * Answers may carry login tokens, account or admin data, so none is
 * stored by a cache unless the route says otherwise (the reference reads and the API description:
 * `private, no-cache` with their ETag).
 */
export function buildRoute<H>(
  handlers: Partial<Record<Method, H>>,
  run: (request: NextRequest, requestId: string, handler: H, context: RouteContext) => Promise<Response>,
  answers: Partial<Record<Method, AnswerRoute>> = {},
): RouteExports {
  const allowed = METHODS.filter((method) => handlers[method] || answers[method]);
  const allowHeader = [
    ...(allowed.includes("GET") ? ["GET", "HEAD", ...allowed.filter((m) => m !== "GET")] : allowed),
    "OPTIONS",
  ];
  const exports = {} as RouteExports;
  // The same Allow as the 405, and like the 405 without credentials (Next's own OPTIONS lists every method).
  exports.OPTIONS = async () =>
    new Response(null, {
      status: 204,
      headers: { Allow: allowHeader.join(", "), [REQUEST_ID_HEADER]: newRequestId(), "Cache-Control": "no-store" },
    });
  for (const method of METHODS) {
    const answer = answers[method];
    if (answer) {
      exports[method] = async (request) => responseOf(await answer(request));
      continue;
    }
    const handler = handlers[method];
    exports[method] = async (request, context) => {
      const requestId = newRequestId();
      let response: Response;
      try {
        if (!handler) throw methodNotAllowed(allowHeader);
        response = await run(request, requestId, handler, context);
        response.headers.set(REQUEST_ID_HEADER, requestId);
      } catch (error) {
        response = failure(error, requestId);
      }
      if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "no-store");
      return response;
    };
  }
  return exports;
}

/**
 * `buildRoute`'s steps for a method whose handler prepares its answer: a request id, `run`, the one
 * error translator (failureAnswer), and no-store unless the answer says otherwise.
 */
export function answerRoute<H>(
  handler: H,
  run: (request: RequestView, requestId: string, handler: H) => Promise<PreparedAnswer>,
): AnswerRoute {
  return async (request) => {
    const requestId = newRequestId();
    let answer: PreparedAnswer;
    try {
      const prepared = await run(request, requestId, handler);
      answer = { ...prepared, headers: { ...prepared.headers, [REQUEST_ID_HEADER]: requestId } };
    } catch (error) {
      answer = failureAnswer(error, requestId);
    }
    if (!hasHeader(answer, "cache-control")) answer.headers["Cache-Control"] = "no-store";
    return answer;
  };
}
