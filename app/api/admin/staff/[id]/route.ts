import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { plainJson } from "@/lib/http/respond";
import { readStaff } from "@/lib/domain/staff/read-staff";
import { recordId } from "@/lib/http/list-protocol";
import { updateStaff } from "@/lib/domain/staff/update-staff";
import { staffChanges } from "@/lib/domain/staff/staff-schemas";

// Staff are deactivated (PUT active=false), never deleted: the audit log keeps naming them.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  GET: async ({ params }) => plainJson(await readStaff(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(await updateStaff(recordId(params.id), await readInput(request, staffChanges), { staffId: staff.id })),
});
