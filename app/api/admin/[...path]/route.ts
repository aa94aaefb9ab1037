import type { NextRequest } from "next/server";
import { mfaRequired, notFound } from "@/lib/platform/errors/domain-error";
import { failure, newRequestId } from "@/lib/http/respond";
import { signedInStaff } from "@/lib/http/staff-session";
import { heldForEnrolment } from "@/lib/domain/staff/staff-two-factor";

// Anything under /api/admin that no route matches: a JSON 404, whatever the method, or for a
// member held until they enrol in two-factor the same 403 as every other admin path.
async function unknownPath(request: NextRequest): Promise<Response> {
  const requestId = newRequestId();
  try {
    const staff = await signedInStaff(request);
    throw staff && heldForEnrolment(staff) ? mfaRequired() : notFound("Unknown admin API path");
  } catch (error) {
    return failure(error, requestId);
  }
}

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
