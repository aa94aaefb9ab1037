import { DATABASE_THREAD_NICENESS, lowerThisThreadPriority } from "@/lib/runtime/thread-priority";
import { WorkerCalls } from "@/lib/runtime/worker-calls";
import {
  DriverAdapterError,
  type ConnectionInfo,
  type Error as AdapterErrorCause,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";

/**
 * The embedded database in a worker thread. PGlite runs every statement in WebAssembly on the
 * thread that calls it, so on the main thread each query stalled every other request for as long
 * as it ran. The worker holds PGlite and the real `pglite-prisma-adapter`; here is a factory of the
 * same shape whose adapters and transactions pass each call over as a message of plain data.
 */
export function pgliteInWorker(dataDir: string | undefined): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
} {
  const worker = new DatabaseWorker(dataDir);
  const connect = async (method: "connect" | "connectToShadowDb") => {
    const { handle, connectionInfo } = (await worker.call(FACTORY, method)) as { handle: number; connectionInfo: ConnectionInfo };
    return remoteAdapter(worker, handle, connectionInfo);
  };
  return {
    factory: { ...ADAPTER_INFO, connect: () => connect("connect"), connectToShadowDb: () => connect("connectToShadowDb") },
    close: () => worker.close(),
  };
}

const ADAPTER_INFO = { provider: "postgres", adapterName: "pglite-prisma-adapter" } as const;
/** The worker names what it holds by number: the factory, then each adapter and open transaction. */
const FACTORY = 0;

/** What an adapter and a transaction both do: name themselves and run queries. */
function remoteQueryable(worker: DatabaseWorker, handle: number) {
  return {
    ...ADAPTER_INFO,
    queryRaw: (query: SqlQuery) => worker.call(handle, "queryRaw", [plainQuery(query)]) as Promise<SqlResultSet>,
    executeRaw: (query: SqlQuery) => worker.call(handle, "executeRaw", [plainQuery(query)]) as Promise<number>,
  };
}

function remoteAdapter(worker: DatabaseWorker, handle: number, connectionInfo: ConnectionInfo): SqlDriverAdapter {
  return {
    ...remoteQueryable(worker, handle),
    executeScript: (script) => worker.call(handle, "executeScript", [script]) as Promise<void>,
    async startTransaction(isolationLevel?: IsolationLevel) {
      const started = (await worker.call(handle, "startTransaction", [isolationLevel])) as { handle: number; options: TransactionOptions };
      return remoteTransaction(worker, started.handle, started.options);
    },
    getConnectionInfo: () => connectionInfo,
    dispose: () => worker.call(handle, "dispose") as Promise<void>,
  };
}

function remoteTransaction(worker: DatabaseWorker, handle: number, options: TransactionOptions): Transaction {
  return {
    ...remoteQueryable(worker, handle),
    options,
    commit: () => worker.call(handle, "commit") as Promise<void>,
    rollback: () => worker.call(handle, "rollback") as Promise<void>,
  };
}

/** Only the fields the adapter reads, so nothing that cannot be cloned goes along. */
function plainQuery({ sql, args, argTypes }: SqlQuery): SqlQuery {
  return { sql, args, argTypes };
}

class DatabaseWorker {
  private readonly calls: WorkerCalls;

  constructor(dataDir: string | undefined) {
    this.calls = new WorkerCalls(PGLITE_WORKER, {
      name: "The embedded database",
      workerData: { dataDir },
      // Prisma recognises a driver error by its name and cause: a unique violation stays P2002.
      toError: (error) => {
        const reply = error as { cause: AdapterErrorCause } | { message: string };
        return "cause" in reply ? new DriverAdapterError(reply.cause) : new Error(reply.message);
      },
    });
  }

  call(handle: number, method: string, args: unknown[] = []): Promise<unknown> {
    return this.calls.call({ handle, method, args });
  }

  /** Closes PGlite (which writes its data directory out), then ends the thread. */
  async close(): Promise<void> {
    if (this.calls.isStopped) return;
    try {
      await this.call(FACTORY, "close");
    } finally {
      await this.calls.terminate(new Error("The embedded database is closed"));
    }
  }
}

// Plain JavaScript evaluated from a string, as lib/passwords.ts does, so that it runs the same
// under tsx and in Next's server bundle; both packages load from node_modules (CommonJS builds:
// the adapter must see the same PGlite module as this code to recognise its DatabaseError).
const PGLITE_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require("@electric-sql/pglite");
const { PrismaPGlite } = require("pglite-prisma-adapter");
${lowerThisThreadPriority(DATABASE_THREAD_NICENESS)}

const pglite = new PGlite(workerData.dataDir);
const held = new Map([[${FACTORY}, new PrismaPGlite(pglite)]]);
let nextHandle = ${FACTORY + 1};
const hold = (object) => {
  held.set(nextHandle, object);
  return nextHandle++;
};

async function run(target, method, args) {
  switch (method) {
    case "connect":
    case "connectToShadowDb": {
      const adapter = await target[method]();
      return { handle: hold(adapter), connectionInfo: adapter.getConnectionInfo() };
    }
    case "startTransaction": {
      const transaction = await target.startTransaction(...args);
      return { handle: hold(transaction), options: transaction.options };
    }
    case "close":
      return pglite.close();
    default:
      return target[method](...args);
  }
}

parentPort.on("message", async ({ id, handle, method, args }) => {
  try {
    const target = held.get(handle);
    if (!target) throw new Error("this connection or transaction is already closed");
    if (method === "commit" || method === "rollback" || method === "dispose") held.delete(handle);
    parentPort.postMessage({ id, result: await run(target, method, args) });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: error?.name === "DriverAdapterError" ? { cause: error.cause } : { message: String(error?.message ?? error) },
    });
  }
});
`;
