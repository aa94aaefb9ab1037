/** The input of creating and changing staff accounts, and the fields their list sorts by. */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";
import { StaffRole } from "@/lib/generated/prisma/enums";

export const SORTABLE = {
  id: "id",
  email: "email",
  name: "name",
  role: "role",
  active: "active",
  last_login_at: "lastLoginAt",
  created_at: "createdAt",
};

export const newStaffInput = z.object({
  email: fields.email(),
  name: fields.optionalPersonText("Name", 100),
  role: fields.choice("Role", StaffRole),
  password: fields.password().optional(),
});

export const staffChanges = z.object({
  name: fields.personText("Name", 100).optional(),
  role: fields.choice("Role", StaffRole).optional(),
  active: fields.flag("Active").optional(),
});

/** Starting a two-factor enrolment: over a confirmed one, the member's current password (./start-two-factor-enrolment.ts). */
export const twoFactorEnrolmentStart = z.object({ current_password: fields.secret("Current password").optional() });

/** Confirming a two-factor enrolment: the code the authenticator app shows (checked in ./confirm-two-factor.ts). */
export const twoFactorConfirmation = z.object({ code: fields.text("Code", 64) });

/** A signed-in member's own new password (POST /api/admin/me/password). */
export const ownPasswordChange = z.object({
  current_password: fields.secret("Current password"),
  password: fields.password("New password"),
});

/** "Forgot password?" (POST /api/admin/password/forgot). */
export const staffForgotPassword = z.object({ email: fields.email() });

/** The new password with the link's token (POST /api/admin/password/reset). */
export const staffPasswordReset = z.object({
  token: fields.secret("The token from the reset link"),
  password: fields.password("New password"),
});
