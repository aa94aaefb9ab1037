import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { listStaff } from "@/lib/domain/staff/list-staff";
import { listHandler } from "@/lib/http/list-protocol";
import { createStaff } from "@/lib/domain/staff/create-staff";
import { newStaffInput, SORTABLE } from "@/lib/domain/staff/staff-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  GET: listHandler("staff", SORTABLE, ["id", "asc"], listStaff),
  // With no password given, one is generated and returned in this answer only.
  POST: async ({ request, staff }) => {
    const { staff: created, generatedPassword } = await createStaff(await readInput(request, newStaffInput), {
      staffId: staff.id,
    });
    return plainJson({ ...created, ...(generatedPassword ? { password: generatedPassword } : {}) }, 201);
  },
});
