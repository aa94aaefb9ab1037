/**
 * A retention run (docs/security.md, "Data retention"): the closed accounts due are pseudonymised one by one, each
 * in its own transaction (pseudonymise-customer.ts), then the old events of open accounts lose their
 * address, browser and device, in batches. The run's row is written as it starts and finished with
 * its counts, together with its audit entry, in one transaction. A run of the daily schedule first
 * claims its UTC day (the unique scheduled_day, INSERT … ON CONFLICT DO NOTHING), so of every
 * process on one database exactly one runs it.
 */
import type { RetentionRun } from "@/lib/generated/prisma/client";
import type { RetentionTrigger } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { log } from "@/lib/platform/runtime/log";
import { utcDay } from "@/lib/platform/validation/fields";
import { COMMAND_LINE, recordAudit, SCHEDULE } from "@/lib/domain/audit/record-audit";
import { pseudonymiseCustomer } from "./pseudonymise-customer";
import { type RetentionRunRecord, retentionRunRecord } from "./retention-run-record";
import { dueAccounts, eventsToStrip, heldAccounts, type RetentionCounts, retentionCutoff } from "./retention-scope";

/** Events stripped per statement: a long backlog never holds one long lock. */
const EVENT_BATCH = 1000;

/**
 * Runs retention now. For the schedule, undefined when another process (or an earlier pass) already
 * claimed today. A failure midway is recorded on the run (`error`), with what it finished before.
 */
export async function runRetention(
  trigger: RetentionTrigger,
  now = new Date(),
): Promise<RetentionRunRecord | undefined> {
  const cutoff = retentionCutoff(now);
  const run = await startRun(trigger, now, cutoff);
  if (!run) return undefined;
  const counts: RetentionCounts = { accounts_pseudonymised: 0, accounts_held: 0, events_stripped: 0 };
  let error: string | null = null;
  try {
    counts.accounts_held = await db().customer.count({ where: heldAccounts(cutoff) });
    const due = await db().customer.findMany({
      where: dueAccounts(cutoff),
      select: { id: true },
      orderBy: { id: "asc" },
    });
    for (const { id } of due) {
      if (await pseudonymiseCustomer(id, cutoff, now)) counts.accounts_pseudonymised++;
    }
    counts.events_stripped = await stripOldEvents(cutoff);
  } catch (failure) {
    log().error({ err: failure, run_id: run.id }, "retention: the run failed");
    error = failure instanceof Error ? failure.message.slice(0, 1000) : "failed";
  }
  const finished = await db().$transaction(async (tx) => {
    const done = await tx.retentionRun.update({
      where: { id: run.id },
      data: {
        finishedAt: new Date(),
        accountsPseudonymised: counts.accounts_pseudonymised,
        accountsHeld: counts.accounts_held,
        eventsStripped: counts.events_stripped,
        error,
      },
    });
    const record = retentionRunRecord(done);
    await recordAudit(tx, trigger === "schedule" ? SCHEDULE : COMMAND_LINE, {
      action: "retention_run",
      resource: "retention",
      resourceId: run.id,
      after: { trigger, cutoff: record.cutoff, ...counts, ...(error && { error }) },
    });
    return record;
  });
  return finished;
}

async function startRun(trigger: RetentionTrigger, now: Date, cutoff: Date): Promise<RetentionRun | undefined> {
  const run = { trigger, startedAt: now, cutoff };
  if (trigger === "command_line") return db().retentionRun.create({ data: run });
  const [claimed] = await db().retentionRun.createManyAndReturn({
    data: [{ ...run, scheduledDay: utcDay(now) }],
    skipDuplicates: true,
  });
  return claimed;
}

async function stripOldEvents(cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { count } = await db().customerEvent.updateMany({
      where: eventsToStrip(cutoff),
      data: { ip: "", userAgent: "", fingerprint: "" },
      limit: EVENT_BATCH,
    });
    total += count;
    if (count < EVENT_BATCH) return total;
  }
}
