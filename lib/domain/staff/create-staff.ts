/**
 * Creates a back-office account. Passwords are hashed like customers'; the hash never leaves
 * lib/domain/staff. With no password given, one is generated and returned (this once only).
 */
import type { z } from "zod";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { fieldError } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { randomToken } from "@/lib/platform/secrets";
import { toStaffRecord } from "./staff-record";
import type { newStaffInput } from "./staff-schemas";

export async function createStaff(input: z.infer<typeof newStaffInput>, actor: Actor) {
  const generatedPassword = input.password ? undefined : randomToken(18);
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);
  const name = input.name || input.email.split("@")[0];
  try {
    const staff = await auditedChange(actor, [], async (tx) => {
      const created = toStaffRecord(
        await tx.staff.create({ data: { email: input.email, name, role: input.role, passwordHash } }),
      );
      return {
        result: created,
        audit: { action: "create", resource: "staff", resourceId: created.id, after: created },
      };
    });
    return { staff, generatedPassword };
  } catch (error) {
    if (isUniqueViolation(error, "email"))
      throw fieldError("email", "unique", "A staff member with this e-mail address already exists");
    throw error;
  }
}
