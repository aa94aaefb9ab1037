/** A back-office account as the admin API and the command line show it: never the password hash. */
import type { Staff } from "@/lib/generated/prisma/client";
import type { StaffRole } from "@/lib/generated/prisma/enums";

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
