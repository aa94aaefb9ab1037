/** A back-office account as the admin API and the command line show it: never the password hash or two-factor secrets. */
import type { Staff } from "@/lib/generated/prisma/client";
import type { StaffRole } from "@/lib/generated/prisma/enums";

export type StaffRecord = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  /** Signs in with a second factor (TOTP). */
  two_factor: boolean;
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
    two_factor: staff.totpSecretEncrypted !== null,
    last_login_at: staff.lastLoginAt?.toISOString() ?? null,
    created_at: staff.createdAt.toISOString(),
  };
}
