import { z } from "zod";
import type { Staff } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { fieldError, forbidden, notFound } from "@/lib/api/errors";
import { fields } from "@/lib/api/input";
import { auditedChange, type Actor } from "@/lib/audit";
import { hashPassword } from "@/lib/passwords";
import { randomToken } from "@/lib/secrets";
import { StaffRole } from "@/lib/generated/prisma/enums";

/** Back-office accounts. Passwords are hashed like customers'; the hash never leaves this module. */
export type StaffRecord = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  last_login_at: string | null;
  created_at: string;
};

export function toStaffRecord(staff: Staff): StaffRecord {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    active: staff.active,
    last_login_at: staff.lastLoginAt?.toISOString() ?? null,
    created_at: staff.createdAt.toISOString(),
  };
}

export const newStaffInput = z.object({
  email: fields.email(),
  name: fields.optionalText("Name", 100),
  role: fields.choice("Role", StaffRole),
  password: fields.password().optional(),
});

export const staffChanges = z.object({
  name: fields.text("Name", 100).optional(),
  role: fields.choice("Role", StaffRole).optional(),
  active: fields.flag("Active").optional(),
});

/** Creates a staff account. With no password given, one is generated and returned (this once only). */
export async function createStaff(input: z.infer<typeof newStaffInput>, actor: Actor) {
  const generatedPassword = input.password ? undefined : randomToken(18);
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);
  const name = input.name || input.email.split("@")[0];
  try {
    const staff = await auditedChange(actor, [], async (tx) => {
      const created = toStaffRecord(
        await tx.staff.create({ data: { email: input.email, name, role: input.role, passwordHash } }),
      );
      return { result: created, audit: { action: "create", resource: "staff", resourceId: created.id, after: created } };
    });
    return { staff, generatedPassword };
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw fieldError("email", "unique", "A staff member with this e-mail address already exists");
    throw error;
  }
}

/** Renames, changes role, deactivates or reactivates. Nobody may lock themselves out. */
export async function updateStaff(id: number, changes: z.infer<typeof staffChanges>, actor: Actor): Promise<StaffRecord> {
  if (id === actor.staffId && (changes.active === false || (changes.role && changes.role !== "admin"))) {
    throw forbidden("You cannot deactivate yourself or take away your own admin role");
  }
  return auditedChange(actor, [], async (tx) => {
    const existing = await tx.staff.findUnique({ where: { id } });
    if (!existing) throw notFound("No such staff member");
    const updated = toStaffRecord(await tx.staff.update({ where: { id }, data: changes }));
    return {
      result: updated,
      audit: { action: "update", resource: "staff", resourceId: id, before: toStaffRecord(existing), after: updated },
    };
  });
}

export async function listAllStaff(): Promise<StaffRecord[]> {
  return (await db().staff.findMany({ orderBy: { id: "asc" } })).map(toStaffRecord);
}
