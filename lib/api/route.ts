import { authenticateClient, type AuthenticatedClient } from "@/lib/clients";
import { invalidClientCredentials, methodNotAllowed } from "./errors";
import { failure, newRequestId, REQUEST_ID_HEADER } from "./respond";

export type RequestContext = {
  request: Request;
  requestId: string;
  /** The API client that sent the request (absent only on public routes). */
  client: AuthenticatedClient;
};

type Handler = (context: RequestContext) => Promise<Response>;
type PublicHandler = (context: Omit<RequestContext, "client">) => Promise<Response>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type RouteExports = Record<Method, (request: Request) => Promise<Response>>;

/**
 * Wraps the handlers of one /client/v1 route: client authentication, request id, the one error
 * translator, and a JSON 405 (with Allow) for every method the route does not handle.
 */
export function clientRoute(handlers: Partial<Record<Method, Handler>>): RouteExports {
  return buildRoute(handlers, async (request, requestId, handler: Handler) => {
    const client = await authenticateClient(
      request.headers.get("x-client-id"),
      request.headers.get("x-client-secret"),
    );
    if (!client) throw invalidClientCredentials();
    return handler({ request, requestId, client });
  });
}

/** For the few routes that need no client credentials (the API description). */
export function publicRoute(handlers: Partial<Record<Method, PublicHandler>>): RouteExports {
  return buildRoute(handlers, (request, requestId, handler: PublicHandler) => handler({ request, requestId }));
}

function buildRoute<H>(
  handlers: Partial<Record<Method, H>>,
  run: (request: Request, requestId: string, handler: H) => Promise<Response>,
): RouteExports {
  const allowed = METHODS.filter((method) => handlers[method]);
  const allowHeader = allowed.includes("GET") ? ["GET", "HEAD", ...allowed.filter((m) => m !== "GET")] : allowed;
  const exports = {} as RouteExports;
  for (const method of METHODS) {
    const handler = handlers[method];
    exports[method] = async (request: Request) => {
      const requestId = newRequestId();
      try {
        if (!handler) throw methodNotAllowed(allowHeader);
        const response = await run(request, requestId, handler);
        response.headers.set(REQUEST_ID_HEADER, requestId);
        return response;
      } catch (error) {
        return failure(error, requestId);
      }
    };
  }
  return exports;
}
