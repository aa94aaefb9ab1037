import { adminRoute } from "@/lib/http/with-staff";
import { parseInput } from "@/lib/validation/parse-input";
import { readBody } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { listStaff, SORTABLE } from "@/lib/staff/staff-admin";
import { listHandler } from "@/lib/http/list-protocol";
import { createStaff, newStaffInput } from "@/lib/staff/staff";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  GET: listHandler("staff", SORTABLE, ["id", "asc"], listStaff),
  // With no password given, one is generated and returned in this answer only.
  POST: async ({ request, staff }) => {
    const { staff: created, generatedPassword } = await createStaff(parseInput(newStaffInput, await readBody(request)), { staffId: staff.id });
    return plainJson({ ...created, ...(generatedPassword ? { password: generatedPassword } : {}) }, 201);
  },
});
