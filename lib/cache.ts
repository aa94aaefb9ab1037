import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";

/**
 * In-process caches that stay correct across instances. Each cached thing has a key and a version
 * row in `cache_versions`; whoever changes the data bumps the version in the same transaction.
 * An instance reads all versions at most every POLL_INTERVAL_MS (one query, however many requests)
 * and rebuilds a cache whose version moved. The instance that made a change polls at once.
 */
export const POLL_INTERVAL_MS = 500;

export type CacheKey = "reference" | "api_clients";

type Versions = Map<string, number>;
type PollState = { versions: Versions; polledAt: number; inFlight?: Promise<Versions> };

const GLOBAL_KEY = Symbol.for("remit-accounts.cache-poll");
const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: PollState };

function pollState(): PollState {
  holder[GLOBAL_KEY] ??= { versions: new Map(), polledAt: 0 };
  return holder[GLOBAL_KEY];
}

async function currentVersions(): Promise<Versions> {
  const state = pollState();
  if (Date.now() - state.polledAt < POLL_INTERVAL_MS) return state.versions;
  state.inFlight ??= (async () => {
    try {
      const rows = await db().cacheVersion.findMany();
      state.versions = new Map(rows.map((row) => [row.key, row.version]));
      state.polledAt = Date.now();
      return state.versions;
    } finally {
      state.inFlight = undefined;
    }
  })();
  return state.inFlight;
}

/** Call inside the transaction that changes the data behind `key`. */
export async function bumpVersion(tx: Prisma.TransactionClient, key: CacheKey): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO cache_versions (key, version) VALUES (${key}, 1)
    ON CONFLICT (key) DO UPDATE SET version = cache_versions.version + 1`;
}

/** Call after that transaction committed: this instance sees the change on its next read. */
export function changedHere(): void {
  pollState().polledAt = 0;
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
      state.building ??= (async () => {
        try {
          const value = await load();
          state.entry = { value, version, validUntil: Date.now() + ttlMs };
          return value;
        } finally {
          state.building = undefined;
        }
      })();
      return state.building;
    },
  };
}
