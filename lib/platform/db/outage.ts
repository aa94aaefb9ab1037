/**
 * Whether this process can reach its database, as last seen. The first error that says it cannot
 * starts an outage and the first sign of life ends it (a new pooled connection, a query that
 * answered): one log line each, however many requests and background passes fail in between.
 * Meanwhile requests that need the database answer 503 and the in-memory caches serve what they
 * hold (lib/platform/cache/versioned-cache.ts).
 */
import { processGlobal } from "@/lib/platform/runtime/process-global";
import { unreachableDatabaseReason } from "./errors";
import { log } from "@/lib/platform/runtime/log";

const outage = processGlobal("database-outage", (): { since?: number } => ({}));

/** True when `error` says the database cannot be reached; the first such error starts an outage. */
export function databaseUnreachable(error: unknown): boolean {
  const reason = unreachableDatabaseReason(error);
  if (reason === undefined) return false;
  if (outage.since === undefined) {
    outage.since = Date.now();
    log().error(`Database unreachable (${reason}): requests that need it answer 503 until it answers again`);
  }
  return true;
}

/**
 * Logs `error` with `context` unless it says the database cannot be reached: an outage is logged
 * once, when it starts, not once per request or background pass.
 */
export function logUnlessUnreachable(context: string, error: unknown): void {
  if (!databaseUnreachable(error)) log().error({ err: error }, context);
}

/** The database answered: ends the outage, if there was one. */
export function databaseAnswered(): void {
  if (outage.since === undefined) return;
  const seconds = ((Date.now() - outage.since) / 1000).toFixed(1);
  outage.since = undefined;
  log().info(`Database reachable again after ${seconds} s`);
}

export function inDatabaseOutage(): boolean {
  return outage.since !== undefined;
}
