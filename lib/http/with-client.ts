/** The wrappers of /client/v1 routes: API client credentials on every call but the API description. */
import { authenticateApiClient, type AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import {
  type AnswerRoute,
  answerRoute,
  buildRoute,
  routeParams,
  type Method,
  type RequestView,
  type RouteExports,
} from "./build-route";
import { invalidClientCredentials } from "./errors";
import type { PreparedAnswer } from "./respond";

export type RequestContext = {
  request: Request;
  requestId: string;
  /** The API client that sent the request (absent only on public routes). */
  client: AuthenticatedClient;
  /** The route's dynamic segments, e.g. `id` in /client/v1/sessions/[id]. */
  params: Record<string, string>;
};

type Handler = (context: RequestContext) => Promise<Response>;

/** What a handler that prepares its answer is given: the request's headers, not the request. */
type AnswerContext = Pick<RequestContext, "requestId" | "client"> & { headers: RequestView["headers"] };
export type AnswerHandler = (context: AnswerContext) => Promise<PreparedAnswer>;
type PublicHandler = (context: Omit<RequestContext, "client" | "params">) => Promise<Response>;

/**
 * Wraps the handlers of one /client/v1 route: client authentication, request id, the one error
 * translator, a JSON 405 (with Allow) for every method the route does not handle, and OPTIONS.
 * `answers` are methods whose handler prepares its answer, each made by `clientAnswerRoute`.
 */
export function clientRoute(
  handlers: Partial<Record<Method, Handler>>,
  answers: Partial<Record<Method, AnswerRoute>> = {},
): RouteExports {
  return buildRoute(
    handlers,
    async (request, requestId, handler: Handler, context) => {
      const client = await requireClient(request.headers);
      return handler({ request, requestId, client, params: await routeParams(context) });
    },
    answers,
  );
}

/** A method of a /client/v1 route whose handler prepares its answer, with the same steps as clientRoute's. */
export function clientAnswerRoute(handler: AnswerHandler): AnswerRoute {
  return answerRoute(handler, async (request, requestId, prepare: AnswerHandler) =>
    prepare({ headers: request.headers, requestId, client: await requireClient(request.headers) }),
  );
}

/** The API client a request's X-Client-ID and X-Client-Secret name, or the 401 of every /client/v1 route without valid ones. */
async function requireClient(headers: Pick<Headers, "get">): Promise<AuthenticatedClient> {
  const client = await authenticateApiClient(headers.get("x-client-id"), headers.get("x-client-secret"));
  if (!client) throw invalidClientCredentials();
  return client;
}

/** For the few routes that need no client credentials (the API description). */
export function publicRoute(handlers: Partial<Record<Method, PublicHandler>>): RouteExports {
  return buildRoute(handlers, (request, requestId, handler: PublicHandler) => handler({ request, requestId }));
}
