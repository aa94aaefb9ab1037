import { adminRoute } from "@/lib/http/with-staff";
import { plainJson } from "@/lib/http/respond";
import { listStaffPasskeys } from "@/lib/domain/passkeys/list-staff-passkeys";

// The signed-in member's own passkeys: [{ id, name, created_at, last_used_at, backed_up, device_type, transports }]
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  GET: async ({ staff }) => plainJson(await listStaffPasskeys(staff.id)),
});
