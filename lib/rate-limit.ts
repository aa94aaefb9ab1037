import { db } from "@/lib/db";
import { rateLimited } from "@/lib/api/errors";

/**
 * Sliding-window limits kept in the database, so every instance counts the same attempts.
 * A limit allows at most `max` hits for (bucket, key) in the last `windowMs`.
 */
export type Limit = { bucket: string; key: string; max: number; windowMs: number };

const RETENTION_MS = 24 * 60 * 60 * 1000;

/** Throws a 429 (with Retry-After) if any of the limits is already used up. */
export async function enforceLimits(limits: Limit[], now = new Date()): Promise<void> {
  let retryAfterMs = 0;
  for (const limit of limits) {
    // The max-th most recent hit inside the window: once it leaves the window, a new attempt fits.
    const blocking = await db().rateLimitHit.findFirst({
      where: { bucket: limit.bucket, key: limit.key, createdAt: { gt: new Date(now.getTime() - limit.windowMs) } },
      orderBy: { createdAt: "desc" },
      skip: limit.max - 1,
      select: { createdAt: true },
    });
    if (blocking) {
      retryAfterMs = Math.max(retryAfterMs, blocking.createdAt.getTime() + limit.windowMs - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs / 1000);
}

/** Counts one attempt against each limit. */
export async function recordHits(limits: Pick<Limit, "bucket" | "key">[], now = new Date()): Promise<void> {
  await db().rateLimitHit.createMany({
    data: limits.map(({ bucket, key }) => ({ bucket, key, createdAt: now })),
  });
  if (Math.random() < 0.01) {
    await db().rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
  }
}
