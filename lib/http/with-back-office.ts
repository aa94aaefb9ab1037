/**
 * The wrapper of the back office's few routes outside the session requirement ("forgot password"
 * and its link, /api/admin/password/*): a write from a page of another origin is refused (403)
 * like every other /api/admin write, and writes must be JSON (415). Also request id, the one error
 * translator, the JSON 405, and no answer stored by any cache.
 */
import type { NextRequest } from "next/server";
import { buildRoute, type Method, type RouteExports } from "./build-route";
import { unsupportedMediaType } from "./errors";
import { mediaTypeOf } from "./input";
import { refuseCrossOriginWrite } from "./origin";

type BackOfficeHandler = (context: { request: NextRequest }) => Promise<Response>;

export function backOfficeRoute(handlers: Partial<Record<Method, BackOfficeHandler>>): RouteExports {
  return buildRoute(handlers, async (request, _requestId, handler: BackOfficeHandler) => {
    refuseCrossOriginWrite(request);
    if (mediaTypeOf(request.headers.get("content-type")) !== "application/json") {
      throw unsupportedMediaType("application/json");
    }
    return handler({ request });
  });
}
