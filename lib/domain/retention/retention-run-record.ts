/** A retention run as the admin API, the dashboard and the command line show it (retention_runs). */
import type { RetentionRun } from "@/lib/generated/prisma/client";
import type { RetentionTrigger } from "@/lib/generated/prisma/enums";
import type { RetentionCounts } from "./retention-scope";

export type RetentionRunRecord = RetentionCounts & {
  id: number;
  trigger: RetentionTrigger;
  started_at: string;
  /** Null while it runs, or when its process died before it finished. */
  finished_at: string | null;
  cutoff: string;
  error: string | null;
};

export function retentionRunRecord(run: RetentionRun): RetentionRunRecord {
  return {
    id: run.id,
    trigger: run.trigger,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    cutoff: run.cutoff.toISOString(),
    accounts_pseudonymised: run.accountsPseudonymised,
    accounts_held: run.accountsHeld,
    events_stripped: run.eventsStripped,
    error: run.error,
  };
}
