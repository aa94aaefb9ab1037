import type { NextRequest } from "next/server";
import { authenticateApiClient, type AuthenticatedClient } from "@/lib/api-clients/authenticate-api-client";
import { may, type AdminResource } from "@/lib/staff/permissions";
import { signedInStaff } from "./staff-session";
import type { SignedInStaff } from "@/lib/staff/sign-in-staff";
import { forbidden, unauthenticated } from "@/lib/errors/domain-error";
import { invalidClientCredentials, methodNotAllowed, unsupportedMediaType } from "./errors";
import { mediaTypeOf } from "./input";
import { refuseCrossOriginWrite } from "./origin";
import { failure, newRequestId, REQUEST_ID_HEADER } from "./respond";

export type RequestContext = {
  request: Request;
  requestId: string;
  /** The API client that sent the request (absent only on public routes). */
  client: AuthenticatedClient;
};

/** A request to /api/admin from a signed-in staff member whose role may make it. */
export type AdminRequestContext = {
  request: NextRequest;
  requestId: string;
  staff: SignedInStaff;
  /** The route's dynamic segments, e.g. `id` in /api/admin/locales/[id]. */
  params: Record<string, string>;
};

type Handler = (context: RequestContext) => Promise<Response>;
type PublicHandler = (context: Omit<RequestContext, "client">) => Promise<Response>;
type AdminHandler = (context: AdminRequestContext) => Promise<Response>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteExports = Record<Method | "OPTIONS", (request: NextRequest, context: RouteContext) => Promise<Response>>;

/**
 * Wraps the handlers of one /client/v1 route: client authentication, request id, the one error
 * translator, a JSON 405 (with Allow) for every method the route does not handle, and OPTIONS.
 */
export function clientRoute(handlers: Partial<Record<Method, Handler>>): RouteExports {
  return buildRoute(handlers, async (request, requestId, handler: Handler) => {
    const client = await authenticateApiClient(
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

/**
 * Wraps the handlers of one /api/admin route: a write from a page of another origin is refused
 * (403) before anything else, then the staff session (401 without one), the role's access to
 * `resource` (403: GET reads, every other method writes), and writes must be JSON (415), which a
 * page of another origin cannot send without asking first (CORS), and is never allowed to. Also
 * request id, the one error translator, the JSON 405, and no answer stored by any cache.
 */
export function adminRoute(resource: AdminResource, handlers: Partial<Record<Method, AdminHandler>>): RouteExports {
  return buildRoute(handlers, async (request, requestId, handler: AdminHandler, context) => {
    refuseCrossOriginWrite(request);
    const staff = await signedInStaff(request);
    if (!staff) throw unauthenticated("Sign in to the back office first");
    const reads = request.method === "GET" || request.method === "HEAD";
    if (!may(staff.role, resource, reads ? "read" : "write")) throw forbidden();
    if (!reads && mediaTypeOf(request.headers.get("content-type")) !== "application/json") {
      throw unsupportedMediaType("application/json");
    }
    const params = Object.fromEntries(
      Object.entries((await context.params) ?? {}).map(([name, value]) => [name, String(value)]),
    );
    return handler({ request, requestId, staff, params });
  });
}

/**
 * What every wrapper shares. Answers may carry login tokens, account or admin data, so none is
 * stored by a cache unless the route says otherwise (the reference reads and the API description:
 * `private, no-cache` with their ETag).
 */
function buildRoute<H>(
  handlers: Partial<Record<Method, H>>,
  run: (request: NextRequest, requestId: string, handler: H, context: RouteContext) => Promise<Response>,
): RouteExports {
  const allowed = METHODS.filter((method) => handlers[method]);
  const allowHeader = [...(allowed.includes("GET") ? ["GET", "HEAD", ...allowed.filter((m) => m !== "GET")] : allowed), "OPTIONS"];
  const exports = {} as RouteExports;
  // The same Allow as the 405, and like the 405 without credentials (Next's own OPTIONS lists every method).
  exports.OPTIONS = async () =>
    new Response(null, {
      status: 204,
      headers: { Allow: allowHeader.join(", "), [REQUEST_ID_HEADER]: newRequestId(), "Cache-Control": "no-store" },
    });
  for (const method of METHODS) {
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
