/**
 * In-process caches that stay correct across instances. Each cached thing has a key and a version
 * row in `cache_versions`; whoever changes the data bumps the version in the same transaction.
 * An instance reads all versions at most every POLL_INTERVAL_MS (one query, however many requests)
 * and rebuilds a cache whose version moved. The instance that made a change polls at once.
 *
 * A request never waits for a routine poll: once the versions are POLL_INTERVAL_MS old, the
 * request that notices starts a poll and goes on with what it has (the poll would otherwise queue
 * behind whatever the database is busy with, logins for instance, and that request would wait as
 * long). Only versions older than MAX_AGE_MS (an instance that was idle, or that just made a
 * change) are waited for, so what a request is served never lags a change by more than that.
 *
 * While the database cannot be reached (lib/platform/db/outage.ts) nothing can change, so a cache that
 * holds a value serves it, however old, and polls again in the background at most every
 * POLL_INTERVAL_MS; once the database answers, the caches catch up as above. A cache that never
 * loaded has nothing to serve, and its request fails as the database did (503).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { databaseAnswered, databaseUnreachable, inDatabaseOutage } from "@/lib/platform/db/outage";
import { countCachePoll } from "@/lib/platform/runtime/metrics";
import { processGlobal } from "@/lib/platform/runtime/process-global";

export const POLL_INTERVAL_MS = 500;
const MAX_AGE_MS = 2 * POLL_INTERVAL_MS;

export type CacheKey = "reference" | "api_clients";

type Versions = Map<string, number>;
/** A poll: when it was sent, and how many changes this instance had made by then. */
type Poll = { sentAt: number; changesBefore: number };
type PollState = {
  versions: Versions;
  /** The poll that read `versions`: what it saw is at least as fresh as its `sentAt`. */
  polled: Poll;
  /** Changes this instance made (changedHere): a poll sent before the latest may have missed it. */
  changes: number;
  /** When the latest poll was sent, answered or not. */
  lastSentAt: number;
  inFlight?: Poll & { versions: Promise<Versions> };
};

const state = processGlobal(
  "cache-poll",
  (): PollState => ({ versions: new Map(), polled: { sentAt: 0, changesBefore: -1 }, changes: 0, lastSentAt: 0 }),
);

/** Joins the poll in flight unless this instance changed something since it was sent. */
function poll(): Promise<Versions> {
  if (state.inFlight?.changesBefore === state.changes) return state.inFlight.versions;
  const sent: Poll = { sentAt: Date.now(), changesBefore: state.changes };
  state.lastSentAt = sent.sentAt;
  const inFlight = { ...sent, versions: readVersions(sent) };
  state.inFlight = inFlight;
  void inFlight.versions
    .finally(() => {
      if (state.inFlight === inFlight) state.inFlight = undefined;
    })
    .catch(() => {});
  return inFlight.versions;
}

async function readVersions(sent: Poll): Promise<Versions> {
  countCachePoll();
  const rows = await db().cacheVersion.findMany();
  databaseAnswered();
  // Polls may overlap (one sent after a change here while an older one was out): keep the newest.
  if (sent.changesBefore >= state.polled.changesBefore && sent.sentAt >= state.polled.sentAt) {
    state.versions = new Map(rows.map((row) => [row.key, row.version]));
    state.polled = sent;
  }
  return state.versions;
}

async function currentVersions(): Promise<Versions> {
  const now = Date.now();
  const age = now - state.polled.sentAt;
  const outdated = age >= MAX_AGE_MS || state.polled.changesBefore !== state.changes;
  if (outdated && !(polledOnce() && inDatabaseOutage())) return poll().catch(keepVersionsIfUnreachable);
  if (age >= POLL_INTERVAL_MS && now - state.lastSentAt >= POLL_INTERVAL_MS) {
    // A failure shows on the first request that has to wait for a poll.
    poll().catch(databaseUnreachable);
  }
  return state.versions;
}

const polledOnce = () => state.polled.sentAt > 0;

function keepVersionsIfUnreachable(error: unknown): Versions {
  if (polledOnce() && databaseUnreachable(error)) return state.versions;
  throw error;
}

/** Call inside the transaction that changes the data behind `key`. */
export async function bumpVersion(tx: Prisma.TransactionClient, key: CacheKey): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO cache_versions (key, version) VALUES (${key}, 1)
    ON CONFLICT (key) DO UPDATE SET version = cache_versions.version + 1`;
}

/** Call after that transaction committed: this instance sees the change on its next read. */
export function changedHere(): void {
  state.changes += 1;
}

type Entry<T> = { value: T; version: number; validUntil: number };

export type VersionedCache<T> = { get(): Promise<T> };

/**
 * `load` builds the value; `ttlMs` bounds its life for values that also depend on the clock
 * (e.g. UTC offsets that change with daylight saving).
 */
export function versionedCache<T>(key: CacheKey, load: () => Promise<T>, ttlMs = Infinity): VersionedCache<T> {
  // Only the version poll is shared through globalThis; each cache's value is its own.
  const state: { entry?: Entry<T>; building?: Promise<T> } = {};

  return {
    async get() {
      const version = (await currentVersions()).get(key) ?? 0;
      const { entry } = state;
      if (entry && entry.version === version && Date.now() < entry.validUntil) return entry.value;
      if (entry && inDatabaseOutage()) return entry.value;
      state.building ??= (async () => {
        try {
          const value = await load();
          state.entry = { value, version, validUntil: Date.now() + ttlMs };
          return value;
        } finally {
          state.building = undefined;
        }
      })();
      return state.building.catch((error: unknown) => {
        if (entry && databaseUnreachable(error)) return entry.value;
        throw error;
      });
    },
  };
}
