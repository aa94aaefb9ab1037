/**
 * A staff member removing one of their own passkeys (POST /api/admin/me/passkeys/{id}/remove), with
 * the current password and, with two-factor, a code (lib/domain/staff/step-up-staff.ts): deleted with
 * its audit entry (remove_passkey on the member). 404 for an id that is not one of theirs.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { db } from "@/lib/platform/db";
import type { SignedInStaff } from "@/lib/domain/staff/sign-in-staff";
import { type StaffStepUp, stepUpStaff } from "@/lib/domain/staff/step-up-staff";
import { parsePasskeyId } from "./passkey-id";
import { noSuchPasskey } from "./rename-passkey";

export type RemoveStaffPasskeyOptions = { staff: SignedInStaff; passkeyId: string; input: StaffStepUp };

export async function removeStaffPasskey({ staff, passkeyId, input }: RemoveStaffPasskeyOptions): Promise<void> {
  const id = parsePasskeyId(passkeyId);
  const passkey = id !== undefined && (await db().staffPasskey.findFirst({ where: { id, staffId: staff.id } }));
  if (!passkey) throw noSuchPasskey();
  await stepUpStaff(staff, input);
  await auditedChange({ staffId: staff.id }, [], async (tx) => {
    const { count } = await tx.staffPasskey.deleteMany({ where: { id: passkey.id, staffId: staff.id } });
    if (count !== 1) throw noSuchPasskey();
    return {
      result: undefined,
      audit: {
        action: "remove_passkey",
        resource: "staff",
        resourceId: staff.id,
        before: { passkey_id: passkey.id, name: passkey.name },
      },
    };
  });
}
