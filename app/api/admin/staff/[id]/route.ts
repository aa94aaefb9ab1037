import { adminRoute } from "@/lib/api/route";
import { parseInput, readBody } from "@/lib/api/input";
import { plainJson } from "@/lib/api/respond";
import { readStaff } from "@/lib/admin/staff";
import { recordId } from "@/lib/admin/protocol";
import { staffChanges, updateStaff } from "@/lib/staff";

// Staff are deactivated (PUT active=false), never deleted: the audit log keeps naming them.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("staff", {
  GET: async ({ params }) => plainJson(await readStaff(recordId(params.id))),
  PUT: async ({ request, params, staff }) =>
    plainJson(await updateStaff(recordId(params.id), parseInput(staffChanges, await readBody(request)), { staffId: staff.id })),
});
