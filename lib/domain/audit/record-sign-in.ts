/**
 * Staff sign-ins in the audit log: one entry (action "sign_in", resource "staff") per attempt,
 * successful or not, with the e-mail tried, the address and browser it came from, how it ended, and
 * its method in `after` (`{"method":"password"}` or `"passkey"`, issue 39).
 * Its actor is staff, whoever tried (a sign-in is staff's door); it names the staff member
 * (`staffId`, "by") only when the sign-in succeeded; the record (`resource_id`) is the account the
 * e-mail belongs to, empty for an unknown one. Written as a step of the sign-in's own statement
 * where it has one.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { oneStatement, type Step } from "@/lib/platform/db/one-statement";
import { AuditAction, AuditActor, AuditResource, type SignInOutcome } from "@/lib/generated/prisma/enums";

/** The longest e-mail and user agent stored: longer ones are cut (they describe, they decide nothing). */
export const MAX_SIGN_IN_EMAIL_LENGTH = 254;
export const MAX_SIGN_IN_USER_AGENT_LENGTH = 512;

/** How a member signed in: e-mail and password (and code), or a passkey alone. */
export type SignInMethod = "password" | "passkey";

export type SignInEntry = {
  outcome: SignInOutcome;
  method: SignInMethod;
  email: string;
  /** The account the e-mail belongs to, if any. */
  staffId: number | null;
  ip: string;
  userAgent: string;
};

/** The INSERT of one sign-in's entry, as a step of a larger statement or on its own. */
export function signInInsert(entry: SignInEntry, now = new Date()): Prisma.Sql {
  const by = entry.outcome === "success" ? entry.staffId : null;
  return Prisma.sql`
    INSERT INTO audit_log (staff_id, actor, action, resource, resource_id, email, ip, user_agent, outcome, after, created_at)
    VALUES (${by}, ${AuditActor.staff}::"AuditActor", ${AuditAction.sign_in}::"AuditAction", ${AuditResource.staff}::"AuditResource", ${entry.staffId === null ? "" : String(entry.staffId)},
            ${entry.email.slice(0, MAX_SIGN_IN_EMAIL_LENGTH)}, ${entry.ip.slice(0, 45)},
            ${entry.userAgent.slice(0, MAX_SIGN_IN_USER_AGENT_LENGTH)}, ${entry.outcome}::"SignInOutcome",
            ${JSON.stringify({ method: entry.method })}::jsonb, ${now})`;
}

/** Writes one sign-in's entry, in one statement with the steps `alongside` (an attempt's count given back). */
export async function recordSignIn(entry: SignInEntry, alongside: Step[] = []): Promise<void> {
  await db().$executeRaw(oneStatement([...alongside, signInInsert(entry)]));
}
