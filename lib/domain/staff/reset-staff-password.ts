/**
 * An admin gives a colleague a new password (POST /api/admin/staff/{id}/password): generated, and
 * shown in the answer only, once. Every session of the colleague ends.
 */
import { invalidRequest, notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { randomToken } from "@/lib/platform/secrets";
import { passwordChangeEntry, setStaffPassword } from "./set-staff-password";

/** 18 random bytes: 24 characters of base64url, far from any common password. */
const GENERATED_PASSWORD_BYTES = 18;

export async function resetStaffPassword(id: number, actor: Actor): Promise<{ password: string }> {
  if (id === actor.staffId) throw invalidRequest("Change your own password from the user menu");
  const password = randomToken(GENERATED_PASSWORD_BYTES);
  const passwordHash = await hashPassword(password);
  await auditedChange(actor, [], async (tx) => {
    if ((await setStaffPassword(tx, id, passwordHash)) === null) throw notFound("No such staff member");
    return { result: undefined, audit: passwordChangeEntry("reset_password", id) };
  });
  return { password };
}
