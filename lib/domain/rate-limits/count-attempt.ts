/**
 * Limits on attempts, kept in the database so every instance counts the same ones. A limit allows
 * at most `max` attempts for (bucket, key) in any `windowMs` (a sliding window).
 *
 * An attempt is counted before it is judged (before a password is checked or an e-mail queued),
 * by one statement that updates one row per limit (model RateLimit). The row lock makes concurrent
 * attempts on one key take their turn, so however many arrive at once, on however many instances,
 * at most `max` are let through. (Inserting a row per attempt and counting the rows does not do
 * that: under READ COMMITTED, concurrent statements do not see each other's rows.) Nothing outlives
 * the statement, so it works through a transaction-mode pooler (PgBouncer).
 *
 * An attempt refused by one limit gives its hits on the others back, and so does one whose outcome
 * should not count (a successful login): `release` (release-attempt.ts). If the attempt cannot be
 * counted at all, the request fails (503) and is not judged.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import type { RateLimitBucket } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { logUnlessUnreachable } from "@/lib/platform/db/outage";
import { prepared } from "@/lib/platform/db/prepared-statements";
import { log } from "@/lib/platform/runtime/log";
import { countRateLimited } from "@/lib/platform/runtime/metrics";
import { unavailable } from "@/lib/platform/errors/domain-error";
import { keyedHash } from "@/lib/platform/auth-secret";

export type Limit = { bucket: RateLimitBucket; key: string; max: number; windowMs: number };

/** One attempt, counted. */
export type Attempt = {
  /** When it was counted: its hit in each row is this time (what `release` takes back). */
  at: Date;
  /** The limits that counted it: all of them unless one refused it. */
  counted: Limit[];
  limited: boolean;
  /** When limited: how long until every refusing limit has room again (else 0). */
  retryAfterSeconds: number;
};

const SWEEP_PROBABILITY = 0.01;
const SWEEP_BATCH = 1000;

/**
 * The key as stored: its HMAC-SHA256 under a key derived from AUTH_SECRET, 64 hex characters
 * whatever the input, so no address (e-mail or IP) is ever stored and no input is too long to index.
 */
export function storedKey(key: string): string {
  return keyedHash("rate-limit-key", key);
}

/** Counts one attempt against every limit. */
export async function countAttempt(limits: Limit[], now = new Date()): Promise<Attempt> {
  return (await countAttemptWith(limits, undefined, now)).attempt;
}

/**
 * Counts one attempt against every limit and, in the same statement (one round trip), runs `query`:
 * at most one row of what the attempt needs next, such as the account it is for. The row comes as
 * JSON (numbers, strings, booleans); undefined when the query found nothing.
 */
export async function countAttemptWith<Row extends object>(
  limits: Limit[],
  query: Prisma.Sql | undefined,
  now = new Date(),
): Promise<{ attempt: Attempt; row: Row | undefined }> {
  const ordered = inLockOrder(limits);
  const names = ordered.map((_, index) => `count_${index}`);
  const steps = ordered.map(
    (limit, index) => Prisma.sql`${Prisma.raw(names[index])} AS (${countingInsert(limit, now, names[index - 1])})`,
  );
  const outcomes = Prisma.join(
    names.map((name) => Prisma.sql`SELECT bucket, hits, counted FROM ${Prisma.raw(name)}`),
    " UNION ALL ",
  );
  const found = query ? Prisma.sql`(SELECT to_jsonb(found) FROM (${query}) AS found)` : Prisma.sql`NULL::jsonb`;
  let rows: CountedRow<Row>[];
  try {
    rows = await db().$queryRaw<CountedRow<Row>[]>(
      prepared(Prisma.sql`
        WITH ${Prisma.join(steps, ", ")}
        SELECT outcome.bucket, outcome.hits, outcome.counted, ${found} AS found
        FROM (${outcomes}) AS outcome`),
    );
  } catch (error) {
    // An unreachable database is logged once per outage (lib/platform/db/outage.ts), not once per attempt.
    logUnlessUnreachable("an attempt could not be counted against its rate limits, so it is refused", error);
    throw unavailable();
  }
  if (Math.random() < SWEEP_PROBABILITY) await sweep(now);
  const attempt = judge(ordered, rows, now);
  for (const limit of ordered) if (!attempt.counted.includes(limit)) countRateLimited(limit.bucket);
  return { attempt, row: rows[0]?.found ?? undefined };
}

/** One limit's row as the attempt left it, and the query's row (the same on every line). */
type CountedRow<Row = unknown> = { bucket: RateLimitBucket; hits: Date[]; counted: boolean; found: Row | null };

/**
 * Every statement takes the rows of its limits in the same order (by bucket's name, as text in the C
 * collation: release-attempt.ts orders its locks so; a call never has two limits in one bucket), so
 * two attempts waiting for each other's rows cannot deadlock.
 */
export function inLockOrder(limits: Limit[]): Limit[] {
  const ordered = [...limits].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  if (new Set(ordered.map((limit) => limit.bucket)).size !== ordered.length) throw new Error("one limit per bucket");
  return ordered;
}

/**
 * The row of one limit, counting this attempt if the limit has room for it: fewer than `max` hits,
 * or the max-th newest has left the window. The row keeps only the newest `max` hits, all that
 * decides the next attempt. `after`, the step counting the limit before, is read (one row) only to
 * run the steps in order.
 */
function countingInsert(limit: Limit, now: Date, after: string | undefined): Prisma.Sql {
  const max = Prisma.sql`${limit.max}::int`;
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const hasRoom = Prisma.sql`(cardinality(counter.hits) < ${max} OR counter.hits[cardinality(counter.hits) - ${max} + 1] <= ${windowStart}::timestamp(3))`;
  return Prisma.sql`
    INSERT INTO rate_limits AS counter (bucket, key, hits, counted, expires_at)
    SELECT ${limit.bucket}::"RateLimitBucket", ${storedKey(limit.key)}, ARRAY[${now}::timestamp(3)], true, ${new Date(now.getTime() + limit.windowMs)}::timestamp(3)
    ${after ? Prisma.sql`FROM ${Prisma.raw(after)}` : Prisma.empty}
    ON CONFLICT (bucket, key) DO UPDATE SET
      hits = CASE WHEN ${hasRoom} THEN counter.hits[greatest(cardinality(counter.hits) - ${max} + 2, 1):] || ${now}::timestamp(3) ELSE counter.hits END,
      counted = ${hasRoom},
      expires_at = CASE WHEN ${hasRoom} THEN EXCLUDED.expires_at ELSE counter.expires_at END
    RETURNING bucket, hits, counted`;
}

/** Which limits counted the attempt and, if one refused it, when it may come back. */
function judge(limits: Limit[], rows: CountedRow[], now: Date): Attempt {
  const outcome = new Map(rows.map((row) => [row.bucket, row]));
  const counted: Limit[] = [];
  let retryAt = now.getTime();
  for (const limit of limits) {
    const { counted: countedHere, hits } = outcome.get(limit.bucket)!;
    if (countedHere) counted.push(limit);
    // Refused: there is room again once the max-th newest hit leaves the window.
    else retryAt = Math.max(retryAt, hits[hits.length - limit.max].getTime() + limit.windowMs);
  }
  const limited = counted.length < limits.length;
  return { at: now, counted, limited, retryAfterSeconds: (retryAt - now.getTime()) / 1000 };
}

/**
 * Rows whose every hit has left its window count nothing; now and then (SWEEP_PROBABILITY of the
 * attempts) a batch of them goes. Exported for test/raw-statements.test.ts.
 */
export async function sweep(now: Date): Promise<void> {
  try {
    await db().$executeRaw`
      DELETE FROM rate_limits WHERE (bucket, key) IN (
        SELECT bucket, key FROM rate_limits WHERE expires_at < ${now}::timestamp(3) LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`;
  } catch (error) {
    log().error({ err: error }, "could not delete expired rate-limit rows");
  }
}
