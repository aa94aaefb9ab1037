/**
 * A dry run (`npm run -s cli -- retention run --dry-run`): the accounts a run would pseudonymise now and
 * the counts it would report, read only, nothing written.
 */
import { db } from "@/lib/platform/db";
import { dueAccounts, eventsToStrip, heldAccounts, type RetentionCounts, retentionCutoff } from "./retention-scope";

export type RetentionPlan = {
  cutoff: Date;
  /** The closed accounts due, oldest closure first. */
  accounts: { customer_id: number; closed_at: string }[];
  counts: RetentionCounts;
};

export async function planRetention(now = new Date()): Promise<RetentionPlan> {
  const cutoff = retentionCutoff(now);
  const [due, held, events] = await Promise.all([
    db().customer.findMany({
      where: dueAccounts(cutoff),
      select: { id: true, closedAt: true },
      orderBy: [{ closedAt: "asc" }, { id: "asc" }],
    }),
    db().customer.count({ where: heldAccounts(cutoff) }),
    db().customerEvent.count({ where: eventsToStrip(cutoff) }),
  ]);
  return {
    cutoff,
    accounts: due.map((account) => ({ customer_id: account.id, closed_at: account.closedAt?.toISOString() ?? "" })),
    counts: { accounts_pseudonymised: due.length, accounts_held: held, events_stripped: events },
  };
}
