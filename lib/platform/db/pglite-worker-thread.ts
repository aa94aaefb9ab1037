/**
 * The embedded database's thread (started by lib/platform/db/pglite-worker.ts): PGlite and the real
 * `pglite-prisma-adapter`, whose adapters and transactions answer the calls of DatabaseProtocol.
 * Both packages load from node_modules, as CommonJS: the adapter must see the same PGlite module as
 * this code to recognise its DatabaseError.
 */
import { workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type {
  Error as AdapterErrorCause,
  SqlDriverAdapter,
  SqlQueryable,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { DATABASE_THREAD_NICENESS_STEP, lowerThisThreadPriority } from "@/lib/platform/runtime/thread-priority";
import { answerCalls } from "@/lib/platform/runtime/worker-thread";
import { CHECKPOINT_INTERVAL_MS, embeddedDatabaseOptions } from "./pglite-options";
import type { Connection, DatabaseErrorReply, DatabaseProtocol, DatabaseWorkerData } from "./pglite-protocol";

lowerThisThreadPriority(DATABASE_THREAD_NICENESS_STEP);

const pglite = new PGlite(embeddedDatabaseOptions((workerData as DatabaseWorkerData).dataDir));
const factory = new PrismaPGlite(pglite);
// A failed checkpoint leaves the log to the next one; nothing waits on it.
const checkpoints = setInterval(() => void pglite.exec("CHECKPOINT").catch(() => {}), CHECKPOINT_INTERVAL_MS);
checkpoints.unref();

/** Adapters and open transactions, by handle: one count for both. */
const adapters = new Map<number, SqlDriverAdapter>();
const transactions = new Map<number, Transaction>();
let lastHandle = 0;

function hold<T>(held: Map<number, T>, object: T): number {
  held.set(++lastHandle, object);
  return lastHandle;
}

/** What `handle` names; `release` lets it go first (commit, rollback and dispose end it). */
function take<T>(held: Map<number, T>, handle: number, release = false): T {
  const object = held.get(handle);
  if (!object) throw new Error("this connection or transaction is already closed");
  if (release) held.delete(handle);
  return object;
}

const queryable = (handle: number): SqlQueryable => adapters.get(handle) ?? take(transactions, handle);

async function connect(method: "connect" | "connectToShadowDb"): Promise<Connection> {
  const adapter = await factory[method]();
  return { handle: hold(adapters, adapter), connectionInfo: adapter.getConnectionInfo!() };
}

answerCalls<DatabaseProtocol, DatabaseErrorReply>(
  {
    connect: () => connect("connect"),
    connectToShadowDb: () => connect("connectToShadowDb"),
    queryRaw: (handle, query) => queryable(handle).queryRaw(query),
    executeRaw: (handle, query) => queryable(handle).executeRaw(query),
    // The adapter's own executeScript does not wait for PGlite's `exec` (its failure would go
    // unnoticed, the script half run): the whole script, one simple query, awaited.
    async executeScript(handle, script) {
      take(adapters, handle);
      await pglite.exec(script);
    },
    async startTransaction(handle, isolationLevel) {
      const transaction = await take(adapters, handle).startTransaction(isolationLevel);
      return { handle: hold(transactions, transaction), options: transaction.options };
    },
    commit: (handle) => take(transactions, handle, true).commit(),
    rollback: (handle) => take(transactions, handle, true).rollback(),
    dispose: (handle) => take(adapters, handle, true).dispose(),
    close: () => {
      clearInterval(checkpoints);
      return pglite.close();
    },
    async dumpDataDir() {
      // A checkpoint first, so the copy needs no replay of the write-ahead log when it is loaded.
      await pglite.exec("CHECKPOINT");
      return new Uint8Array(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
    },
  },
  (error) => {
    // By name: the adapter's DriverAdapterError class need not be the one this file would import.
    const { name, cause, message } = (error ?? {}) as { name?: unknown; cause?: AdapterErrorCause; message?: unknown };
    return name === "DriverAdapterError"
      ? { cause: cause as AdapterErrorCause }
      : { message: String(message ?? error) };
  },
);
