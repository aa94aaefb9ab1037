import { adminRoute } from "@/lib/http/with-staff";
import { readInput } from "@/lib/http/input";
import { success } from "@/lib/http/respond";
import { keepStaffSession } from "@/lib/http/staff-session";
import { changeOwnStaffPassword } from "@/lib/domain/staff/change-own-staff-password";
import { ownPasswordChange } from "@/lib/domain/staff/staff-schemas";

// Every other session of the member ends; this one carries on with its cookie issued again.
export const { GET, POST, PUT, PATCH, DELETE } = adminRoute("me", {
  POST: async ({ request, staff }) => {
    const input = await readInput(request, ownPasswordChange);
    const version = await changeOwnStaffPassword({ staff, input });
    return keepStaffSession(request, success(), version);
  },
});
