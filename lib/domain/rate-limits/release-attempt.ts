/**
 * Giving an attempt's hits back: from the limits that did not refuse it when another did, or when
 * its outcome should not count (a successful login). The UPDATE can run as a step of the flow's one
 * statement (lib/platform/db/one-statement.ts), so a login writes its success and gives its count back in
 * one round trip.
 */
import { db } from "@/lib/platform/db";
import { oneStatement, type Step } from "@/lib/platform/db/one-statement";
import { rateLimited } from "@/lib/platform/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { inLockOrder, storedKey, type Attempt, type Limit } from "./count-attempt";

/**
 * Takes the attempt's hits back from `limits` (by default every limit that counted it), to run as a
 * step of a larger statement; nothing when there is nothing to take back.
 */
export function releaseSteps(attempt: Attempt, limits: Limit[] = attempt.counted): Step[] {
  const taken = inLockOrder(limits.filter((limit) => attempt.counted.includes(limit)));
  if (taken.length === 0) return [];
  const keys = Prisma.join(
    taken.map((limit) => Prisma.sql`(${limit.bucket}::"RateLimitBucket", ${storedKey(limit.key)})`),
  );
  const at = Prisma.sql`${attempt.at}::timestamp(3)`;
  // One hit at that time comes out (another attempt may have been counted in the same millisecond).
  return [
    Prisma.sql`
      UPDATE rate_limits SET hits = hits[:array_position(hits, ${at}) - 1] || hits[array_position(hits, ${at}) + 1:]
      FROM (SELECT bucket, key FROM rate_limits WHERE (bucket, key) IN (${keys})
            ORDER BY bucket::text COLLATE "C" FOR UPDATE) AS mine
      WHERE rate_limits.bucket = mine.bucket AND rate_limits.key = mine.key AND ${at} = ANY(rate_limits.hits)`,
  ];
}

/** `releaseSteps` on its own. */
export async function release(attempt: Attempt, limits?: Limit[]): Promise<void> {
  await runSteps(releaseSteps(attempt, limits));
}

/** Refuses a limited attempt (`rate_limited`), after giving back what it took from the limits that counted it. */
export async function refuse(attempt: Attempt, alongside: Step[] = []): Promise<never> {
  await runSteps([...releaseSteps(attempt), ...alongside]);
  throw rateLimited(attempt.retryAfterSeconds);
}

async function runSteps(steps: Step[]): Promise<void> {
  if (steps.length > 0) await db().$executeRaw(oneStatement(steps));
}
