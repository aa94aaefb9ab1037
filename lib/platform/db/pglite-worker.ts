/**
 * The embedded database in a worker thread. PGlite runs every statement in WebAssembly on the
 * thread that calls it, so on the main thread each query stalled every other request for as long
 * as it ran. The worker (lib/platform/db/pglite-worker-thread.ts) holds PGlite and the real
 * `pglite-prisma-adapter`; here is a factory of the same shape whose adapters and transactions pass
 * each call over as a message of plain data.
 */
import { WorkerCalls } from "@/lib/platform/runtime/worker-calls";
import {
  DriverAdapterError,
  type ConnectionInfo,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";
import type { DatabaseErrorReply, DatabaseProtocol, DatabaseWorkerData } from "./pglite-protocol";

export function pgliteInWorker(dataDir: string | undefined): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
  dumpDataDir(): Promise<Uint8Array>;
} {
  const worker: DatabaseCalls = new WorkerCalls("database", {
    name: "The embedded database",
    workerData: { dataDir } satisfies DatabaseWorkerData,
    // Prisma recognises a driver error by its name and cause: a unique violation stays P2002.
    toError: (reply) => ("cause" in reply ? new DriverAdapterError(reply.cause) : new Error(reply.message)),
  });
  const connect = async (method: "connect" | "connectToShadowDb") => {
    const { handle, connectionInfo } = await worker.call(method);
    return remoteAdapter(worker, handle, connectionInfo);
  };
  return {
    factory: {
      ...ADAPTER_INFO,
      connect: () => connect("connect"),
      connectToShadowDb: () => connect("connectToShadowDb"),
    },
    close: () => close(worker),
    dumpDataDir: () => worker.call("dumpDataDir"),
  };
}

type DatabaseCalls = WorkerCalls<DatabaseProtocol, DatabaseErrorReply>;

const ADAPTER_INFO = { provider: "postgres", adapterName: "pglite-prisma-adapter" } as const;

/** What an adapter and a transaction both do: name themselves and run queries. */
function remoteQueryable(worker: DatabaseCalls, handle: number) {
  return {
    ...ADAPTER_INFO,
    queryRaw: (query: SqlQuery) => worker.call("queryRaw", handle, plainQuery(query)),
    executeRaw: (query: SqlQuery) => worker.call("executeRaw", handle, plainQuery(query)),
  };
}

function remoteAdapter(worker: DatabaseCalls, handle: number, connectionInfo: ConnectionInfo): SqlDriverAdapter {
  return {
    ...remoteQueryable(worker, handle),
    executeScript: (script) => worker.call("executeScript", handle, script),
    async startTransaction(isolationLevel?: IsolationLevel) {
      const started = await worker.call("startTransaction", handle, isolationLevel);
      return remoteTransaction(worker, started.handle, started.options);
    },
    getConnectionInfo: () => connectionInfo,
    dispose: () => worker.call("dispose", handle),
  };
}

function remoteTransaction(worker: DatabaseCalls, handle: number, options: TransactionOptions): Transaction {
  return {
    ...remoteQueryable(worker, handle),
    options,
    commit: () => worker.call("commit", handle),
    rollback: () => worker.call("rollback", handle),
  };
}

/** Only the fields the adapter reads, so nothing that cannot be cloned goes along. */
function plainQuery({ sql, args, argTypes }: SqlQuery): SqlQuery {
  return { sql, args, argTypes };
}

/** Closes PGlite (which writes its data directory out), then ends the thread. */
async function close(worker: DatabaseCalls): Promise<void> {
  if (worker.isStopped) return;
  try {
    await worker.call("close");
  } finally {
    await worker.terminate(new Error("The embedded database is closed"));
  }
}
