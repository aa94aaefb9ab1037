/** A staff member's own passkeys, oldest first (GET /api/admin/me/passkeys, on their profile). */
import { db } from "@/lib/platform/db";
import { type PasskeyRecord, toPasskeyRecord } from "./passkey-record";

export async function listStaffPasskeys(staffId: number): Promise<PasskeyRecord[]> {
  const passkeys = await db().staffPasskey.findMany({ where: { staffId }, orderBy: { id: "asc" } });
  return passkeys.map(toPasskeyRecord);
}
