import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { emailAndIpLimits, enforceLimits, recordHits, type Limit } from "@/lib/rate-limit";
import { hashPassword, verifyPassword } from "@/lib/passwords";
import { isRole, type Role } from "@/lib/admin/permissions";

/**
 * Staff sign-in: e-mail and password against the staff table. Failed attempts count per e-mail and
 * per IP address like customers' logins, in buckets of their own.
 */
export type SignedInStaff = { id: number; email: string; name: string; role: Role };

function signInLimits(email: string, ip: string): Limit[] {
  const settings = config();
  const { perEmail, perIp } = emailAndIpLimits("staff_login", email, ip, {
    perEmail: settings.STAFF_LOGIN_MAX_FAILURES_PER_EMAIL,
    perIp: settings.STAFF_LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: settings.STAFF_LOGIN_WINDOW_MINUTES,
  });
  return [perEmail, perIp];
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Throws the API's 429 (with Retry-After) once this e-mail or this address has failed too often. */
export async function enforceStaffSignInLimits(email: string, ip: string): Promise<void> {
  await enforceLimits(signInLimits(normalizeEmail(email), ip));
}

/**
 * The staff member these credentials belong to, or null. An unknown e-mail, a wrong password and
 * an inactive account are the same null, in comparable time.
 */
export async function verifyStaffCredentials(emailInput: string, password: string, ip: string): Promise<SignedInStaff | null> {
  const email = normalizeEmail(emailInput);
  const staff = await db().staff.findUnique({ where: { email } });
  const verification = await verifyPassword(password, staff?.passwordHash);

  if (!staff || !verification.valid || !staff.active || !isRole(staff.role)) {
    await recordHits(signInLimits(email, ip));
    return null;
  }
  const passwordHash = verification.needsRehash ? await hashPassword(password) : undefined;
  await db().staff.update({ where: { id: staff.id }, data: { lastLoginAt: new Date(), ...(passwordHash ? { passwordHash } : {}) } });
  return { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
}
