/** The wrappers of /client/v1 routes: API client credentials on every call but the API description. */
import { authenticateApiClient, type AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { buildRoute, routeParams, type Method, type RouteExports } from "./build-route";
import { invalidClientCredentials } from "./errors";

export type RequestContext = {
  request: Request;
  requestId: string;
  /** The API client that sent the request (absent only on public routes). */
  client: AuthenticatedClient;
  /** The route's dynamic segments, e.g. `id` in /client/v1/sessions/[id]. */
  params: Record<string, string>;
};

type Handler = (context: RequestContext) => Promise<Response>;
type PublicHandler = (context: Omit<RequestContext, "client" | "params">) => Promise<Response>;

/**
 * Wraps the handlers of one /client/v1 route: client authentication, request id, the one error
 * translator, a JSON 405 (with Allow) for every method the route does not handle, and OPTIONS.
 */
export function clientRoute(handlers: Partial<Record<Method, Handler>>): RouteExports {
  return buildRoute(handlers, async (request, requestId, handler: Handler, context) => {
    const client = await requireClient(request.headers);
    return handler({ request, requestId, client, params: await routeParams(context) });
  });
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
