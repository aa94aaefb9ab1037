/**
 * The database client, one per process: PGlite in a worker thread or a PostgreSQL pool, as DATABASE_URL
 * says (lib/platform/db/target.ts).
 */
import fs from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { processGlobal } from "@/lib/platform/runtime/process-global";
import { lockDataDirectory } from "./lock";
import { databaseAnswered } from "./outage";
import { pgliteInWorker } from "./pglite-worker";
import { statementNamer } from "./prepared-statements";
import { databaseTarget, type DatabaseTarget } from "./target";

export type Database = {
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  target: DatabaseTarget;
  close(): Promise<void>;
  /** See restartEmbeddedDatabase. */
  restartWorker?(): Promise<void>;
  /** See dumpEmbeddedDatabase. */
  dumpDataDir?(): Promise<Uint8Array>;
};

type AdapterFactory = {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
  /** The embedded database only: its worker thread ended and started afresh, the data directory's lock held. */
  restartWorker?(): Promise<void>;
  /** The embedded database only: its data directory as a gzipped tarball. */
  dumpDataDir?(): Promise<Uint8Array>;
};

// One instance per process: Next's separately bundled server chunks would otherwise each open
// their own, and PGlite cannot open a directory twice.
const opened = processGlobal("database", (): { database?: Database } => ({}));

export function database(): Database {
  opened.database ??= openDatabase(databaseTarget(config().DATABASE_URL));
  return opened.database;
}

export function db(): PrismaClient {
  return database().prisma;
}

export async function closeDatabase(): Promise<void> {
  const open = opened.database;
  opened.database = undefined;
  await open?.close();
}

/**
 * Starts the embedded database's worker thread afresh, keeping the data directory's lock, so that no
 * other process can take the directory meanwhile; on PostgreSQL does nothing. PGlite's WebAssembly
 * memory only ever grows: migrating and seeding a new database leaves the worker at about 900 MB,
 * where one that opens a database already prepared holds about 400 MB. For the start, between
 * preparing the database and serving, with nothing else using it.
 */
export async function restartEmbeddedDatabase(): Promise<void> {
  await database().restartWorker?.();
}

/**
 * The embedded database's data directory as a gzipped tarball (PGlite's dumpDataDir), taken by the
 * thread that runs its statements, between two of them: what a crash at that moment would leave,
 * which PGlite opens as PostgreSQL does after a crash. For `npm run db:backup`.
 */
export async function dumpEmbeddedDatabase(): Promise<Uint8Array> {
  const { dumpDataDir, target } = database();
  if (!dumpDataDir) throw new Error(`${target.description} is not the embedded database`);
  return dumpDataDir();
}

function openDatabase(target: DatabaseTarget): Database {
  // DIRECT_DATABASE_URL says DATABASE_URL is a pooler in transaction mode (docs/operations.md).
  const adapter = createAdapterFactory(target, { transactionPooler: config().DIRECT_DATABASE_URL !== undefined });
  // Prisma ends an interactive transaction after 5 s by default; on a machine busy enough to take
  // that long the work is already done but for the commit, so allow more before it answers 503.
  // It waits 2 s for a transaction to start: the embedded database has one connection, so every
  // transaction queues behind all the others (twelve exports at once on a loaded machine waited
  // longer and answered 503), so there it waits up to 10 s.
  const transactionOptions = { timeout: 15_000, ...(target.kind === "pglite" && { maxWait: 10_000 }) };
  const prisma = new PrismaClient({ adapter: adapter.factory, transactionOptions });
  return {
    prisma,
    adapterFactory: adapter.factory,
    target,
    async close() {
      await prisma.$disconnect();
      await adapter.close();
    },
    restartWorker:
      adapter.restartWorker &&
      (async () => {
        await prisma.$disconnect();
        await adapter.restartWorker?.();
      }),
    dumpDataDir: adapter.dumpDataDir,
  };
}

/**
 * `transactionPooler`: the server at the URL hands each transaction to any of its connections
 * (PgBouncer in transaction mode), so no statement is prepared by name (prepared-statements.ts).
 */
export function createAdapterFactory(
  target: DatabaseTarget,
  { transactionPooler = false }: { transactionPooler?: boolean } = {},
): AdapterFactory {
  if (target.kind === "postgres") {
    const { connectionString, poolSize, connectTimeoutSeconds } = poolOptions(target.url);
    const factory = new PrismaPg(
      {
        connectionString,
        max: poolSize,
        // Without it a query waits as long as the database does not answer, or the pool stays full:
        // forever. With it, the query fails and its request answers 503 (lib/platform/db/errors.ts).
        connectionTimeoutMillis: connectTimeoutSeconds * 1000,
        // A new connection is the first sign that the database is back after an outage.
        onConnect: databaseAnswered,
      },
      { statementNameGenerator: transactionPooler ? undefined : statementNamer() },
    );
    return { factory, close: async () => {} };
  }
  if (!target.dataDir) return pgliteInWorker(undefined);
  // Before anything reads or writes the directory: throws, naming the holder, if another process has it.
  const lock = lockDataDirectory(target.dataDir);
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    const dataDir = target.dataDir;
    let pglite = pgliteInWorker(dataDir);
    return {
      // Prisma connects through the worker running now: after a restart, the new one.
      factory: {
        ...pglite.factory,
        connect: () => pglite.factory.connect(),
        connectToShadowDb: () => pglite.factory.connectToShadowDb(),
      },
      async close() {
        try {
          await pglite.close();
        } finally {
          lock.release();
        }
      },
      async restartWorker() {
        await pglite.close();
        pglite = pgliteInWorker(dataDir);
      },
      dumpDataDir: () => pglite.dumpDataDir(),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * Prisma's URL parameters: `connection_limit` sizes the pool per instance (default 10);
 * `connect_timeout` (seconds, default 5 as in Prisma 6) bounds both opening a connection and
 * waiting for a pooled one to come free (node-postgres has one timeout for both).
 */
function poolOptions(url: string): { connectionString: string; poolSize: number; connectTimeoutSeconds: number } {
  const parsed = new URL(url);
  const positiveInteger = (name: string, fallback: number) => {
    const value = Number(parsed.searchParams.get(name) ?? fallback);
    parsed.searchParams.delete(name);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const poolSize = positiveInteger("connection_limit", 10);
  const connectTimeoutSeconds = positiveInteger("connect_timeout", 5);
  return { connectionString: parsed.toString(), poolSize, connectTimeoutSeconds };
}
