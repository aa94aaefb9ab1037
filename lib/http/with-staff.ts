/** The wrapper of /api/admin routes: same-origin writes, a staff session, the role's access, JSON bodies. */
import type { NextRequest } from "next/server";
import { forbidden, mfaRequired, unauthenticated } from "@/lib/platform/errors/domain-error";
import { may, type AdminResource } from "@/lib/domain/access/permissions";
import type { SignedInStaff } from "@/lib/domain/staff/sign-in-staff";
import { heldForEnrolment } from "@/lib/domain/staff/staff-two-factor";
import { buildRoute, routeParams, type Method, type RouteExports } from "./build-route";
import { unsupportedMediaType } from "./errors";
import { mediaTypeOf } from "./input";
import { refuseCrossOriginWrite } from "./origin";
import { signedInStaff } from "./staff-session";

/** A request to /api/admin from a signed-in staff member whose role may make it. */
export type AdminRequestContext = {
  request: NextRequest;
  requestId: string;
  staff: SignedInStaff;
  /** The route's dynamic segments, e.g. `id` in /api/admin/locales/[id]. */
  params: Record<string, string>;
};

type AdminHandler = (context: AdminRequestContext) => Promise<Response>;

/**
 * Wraps the handlers of one /api/admin route: a write from a page of another origin is refused
 * (403) before anything else, then the staff session (401 without one), a member whose role
 * requires two-factor and who has none may reach only the "two-factor" routes (403 mfa_required),
 * then the role's access to
 * `resource` (403: GET reads, every other method writes), and writes must be JSON (415), which a
 * page of another origin cannot send without asking first (CORS), and is never allowed to. Also
 * request id, the one error translator, the JSON 405, and no answer stored by any cache.
 */
export function adminRoute(resource: AdminResource, handlers: Partial<Record<Method, AdminHandler>>): RouteExports {
  return buildRoute(handlers, async (request, requestId, handler: AdminHandler, context) => {
    refuseCrossOriginWrite(request);
    const staff = await signedInStaff(request);
    if (!staff) throw unauthenticated("Sign in to the back office first");
    if (resource !== "two-factor" && heldForEnrolment(staff)) throw mfaRequired();
    const reads = request.method === "GET" || request.method === "HEAD";
    if (!may(staff.role, resource, reads ? "read" : "write")) throw forbidden();
    if (!reads && mediaTypeOf(request.headers.get("content-type")) !== "application/json") {
      throw unsupportedMediaType("application/json");
    }
    return handler({ request, requestId, staff, params: await routeParams(context) });
  });
}
