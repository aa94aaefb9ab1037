/** A staff member renaming one of their own passkeys (POST /api/admin/me/passkeys/{id} `{name}`); 404 for an id not theirs. */
import { db } from "@/lib/platform/db";
import type { SignedInStaff } from "@/lib/domain/staff/sign-in-staff";
import { parsePasskeyId } from "./passkey-id";
import { type PasskeyRecord, toPasskeyRecord } from "./passkey-record";
import { noSuchPasskey } from "./rename-passkey";

export type RenameStaffPasskeyOptions = { staff: SignedInStaff; passkeyId: string; input: { name: string } };

export async function renameStaffPasskey({
  staff,
  passkeyId,
  input,
}: RenameStaffPasskeyOptions): Promise<PasskeyRecord> {
  const id = parsePasskeyId(passkeyId);
  const where = { id, staffId: staff.id };
  const { count } =
    id === undefined ? { count: 0 } : await db().staffPasskey.updateMany({ where, data: { name: input.name } });
  const renamed = count === 1 && (await db().staffPasskey.findFirst({ where }));
  if (!renamed) throw noSuchPasskey();
  return toPasskeyRecord(renamed);
}
