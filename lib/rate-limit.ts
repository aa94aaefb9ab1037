import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { oneStatement, type Step } from "@/lib/db/one-statement";
import { rateLimited } from "@/lib/api/errors";

/**
 * Sliding-window limits kept in the database, so every instance counts the same attempts.
 * A limit allows at most `max` hits for (bucket, key) in the last `windowMs`.
 */
export type Limit = { bucket: string; key: string; max: number; windowMs: number };

const RETENTION_MS = 24 * 60 * 60 * 1000;

/** The usual pair: at most `perEmail` hits for one e-mail and `perIp` for one IP address per window. */
export function emailAndIpLimits(
  name: string,
  email: string,
  ip: string,
  allowed: { perEmail: number; perIp: number; windowMinutes: number },
): { perEmail: Limit; perIp: Limit } {
  const windowMs = allowed.windowMinutes * 60_000;
  return {
    perEmail: { bucket: `${name}_email`, key: email, max: allowed.perEmail, windowMs },
    perIp: { bucket: `${name}_ip`, key: ip, max: allowed.perIp, windowMs },
  };
}

/** Throws a 429 (with Retry-After) if any of the limits is already used up. */
export async function enforceLimits(limits: Limit[], now = new Date()): Promise<void> {
  if (limits.length === 0) return;
  throwIfLimited(limits, await db().$queryRaw<BlockingHit[]>(blockingHits(limits, now)), now);
}

/** A hit that blocks a new attempt under `limits[index]` until it leaves the window. */
export type BlockingHit = { index: number; created_at: Date };

/**
 * The query for the blocking hits: for each limit, the max-th most recent hit inside its window
 * (once that leaves the window, a new attempt fits). One query for all of them: a login checks two
 * limits, and a round trip to the database costs more than the lookup.
 */
export function blockingHits(limits: Limit[], now: Date): Prisma.Sql {
  const lookups = limits.map(
    (limit, index) => Prisma.sql`(
      SELECT ${index}::int AS index, created_at FROM rate_limit_hits
      WHERE bucket = ${limit.bucket} AND key = ${limit.key} AND created_at > ${new Date(now.getTime() - limit.windowMs)}
      ORDER BY created_at DESC OFFSET ${limit.max - 1} LIMIT 1)`,
  );
  return Prisma.join(lookups, " UNION ALL ");
}

/** Throws the 429 for what `blockingHits` found, if it found anything. */
export function throwIfLimited(limits: Limit[], hits: BlockingHit[], now: Date): void {
  const retryAfterMs = Math.max(0, ...hits.map((hit) => hit.created_at.getTime() + limits[hit.index].windowMs - now.getTime()));
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs / 1000);
}

/**
 * Counts one attempt against each limit, in one statement with `alongside`: the other writes of
 * the same attempt (its event, say), so they land together and cost one round trip.
 */
export async function recordHits(limits: Pick<Limit, "bucket" | "key">[], alongside: Step[] = [], now = new Date()): Promise<void> {
  const hits = Prisma.join(limits.map(({ bucket, key }) => Prisma.sql`(${bucket}, ${key}, ${now})`));
  await db().$executeRaw(oneStatement([...alongside, Prisma.sql`INSERT INTO rate_limit_hits (bucket, key, created_at) VALUES ${hits}`]));
  if (Math.random() < 0.01) {
    await db().rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
  }
}
