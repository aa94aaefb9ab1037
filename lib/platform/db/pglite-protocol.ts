/**
 * What lib/platform/db/pglite-worker.ts asks of the embedded database's thread (lib/platform/db/pglite-worker-thread.ts).
 * The thread holds each adapter and open transaction under a number, its handle, which the calls on
 * it name.
 */
import type {
  ConnectionInfo,
  Error as AdapterErrorCause,
  IsolationLevel,
  SqlQuery,
  SqlResultSet,
  TransactionOptions,
} from "@prisma/driver-adapter-utils";

export type DatabaseWorkerData = { dataDir: string | undefined };

/** An adapter the thread opened. */
export type Connection = { handle: number; connectionInfo: ConnectionInfo };

export type DatabaseProtocol = {
  connect(): Connection;
  connectToShadowDb(): Connection;
  /** On an adapter or a transaction. */
  queryRaw(handle: number, query: SqlQuery): SqlResultSet;
  /** On an adapter or a transaction. */
  executeRaw(handle: number, query: SqlQuery): number;
  executeScript(handle: number, script: string): void;
  startTransaction(handle: number, isolationLevel?: IsolationLevel): { handle: number; options: TransactionOptions };
  commit(handle: number): void;
  rollback(handle: number): void;
  dispose(handle: number): void;
  /** Closes PGlite, which writes its data directory out. */
  close(): void;
  /** The data directory as a gzipped tarball (PGlite's dumpDataDir), read between two statements: a consistent copy. */
  dumpDataDir(): Uint8Array;
};

/** A driver error keeps its cause, by which Prisma recognises it (a unique violation stays P2002); any other error, its message. */
export type DatabaseErrorReply = { cause: AdapterErrorCause } | { message: string };
