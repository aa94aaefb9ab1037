/**
 * Ends a staff member's sessions on the server: raises their credentials version, which every
 * session JWT carries and every admin request checks with the staff row it reads anyway
 * (lib/http/staff-session.ts), so a cookie copied before opens nothing afterwards. One version per
 * member: a sign-out ends every session of the member, on every device. Audited: `sign_out` when
 * the member signs out, `revoke_sessions` when an admin signs a colleague out everywhere.
 */
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toStaffRecord, type StaffRecord } from "./staff-record";

export type EndStaffSessionsOptions = {
  /** The member whose sessions end. */
  id: number;
  actor: Actor;
  /**
   * A sign-out: the version the signing-out session was issued under. Nothing is written when it
   * has moved on (that session, and every other one of then, has ended already).
   */
  signingOut?: number;
};

/** The member's record; a sign-out of a session that had ended already changes nothing. */
export async function endStaffSessions({ id, actor, signingOut }: EndStaffSessionsOptions): Promise<StaffRecord> {
  return auditedChange(actor, [], async (tx) => {
    const { count } = await tx.staff.updateMany({
      where: { id, credentialsVersion: signingOut },
      data: { credentialsVersion: { increment: 1 } },
    });
    const member = await tx.staff.findUnique({ where: { id } });
    if (!member) throw notFound("No such staff member");
    const result = toStaffRecord(member);
    if (count === 0) return { result };
    const action = signingOut === undefined ? "revoke_sessions" : "sign_out";
    return { result, audit: { action, resource: "staff", resourceId: id, after: { sessions: "every session ended" } } };
  });
}
