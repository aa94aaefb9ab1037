import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { listStaff, SORTABLE } from "@/lib/admin/staff";
import { listHandler } from "@/lib/admin/protocol";
import { createStaff, newStaffInput } from "@/lib/staff";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  GET: listHandler("staff", SORTABLE, ["id", "asc"], listStaff),
  // With no password given, one is generated and returned in this answer only.
  POST: async ({ request, staff }) => {
    const { staff: created, generatedPassword } = await createStaff(parseInput(newStaffInput, await readBody(request)), { staffId: staff.id });
    return plainJson({ ...created, ...(generatedPassword ? { password: generatedPassword } : {}) }, 201);
  },
});
