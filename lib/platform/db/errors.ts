/** What a database error means: a unique violation, a serializable transaction that lost, or a database out of reach (lib/platform/db/outage.ts). */
import { isDriverAdapterError, type DriverAdapterError } from "@prisma/driver-adapter-utils";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * True when `error` is a unique-constraint violation (on `field`, when given), from a Prisma model
 * query (P2002) or from raw SQL (P2010, carrying the driver adapter's error).
 */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const fromRawSql = (error.meta?.driverAdapterError as { cause?: { kind?: string; constraint?: unknown } } | undefined)
    ?.cause;
  const unique = error.code === "P2002" || (error.code === "P2010" && fromRawSql?.kind === "UniqueConstraintViolation");
  if (!unique || !field) return unique;
  return JSON.stringify(error.code === "P2002" ? (error.meta ?? {}) : (fromRawSql?.constraint ?? {})).includes(field);
}

/**
 * True when a serializable transaction failed because one that ran beside it committed first
 * (SQLSTATE 40001, which the driver adapter calls TransactionWriteConflict and Prisma P2034), from a
 * statement or from the commit: nothing it did was written, and what the other wrote stands.
 */
export function isWriteConflict(error: unknown): boolean {
  const known = error instanceof Prisma.PrismaClientKnownRequestError;
  const adapterError = known ? error.meta?.driverAdapterError : error;
  return (
    (known && error.code === "P2034") ||
    (isAdapterError(adapterError) && adapterError.cause.kind === "TransactionWriteConflict")
  );
}

// The driver adapter's names for "no connection to the server": refused or unresolvable host,
// a connection the server or the network closed, a socket that timed out, a server that is full.
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

// SQLSTATEs of a server going away or not taking connections yet: class 08 (connection exception),
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

// Socket errors node-postgres passes on as they are (the adapter converts only some of them).
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// node-postgres and its pool say these in plain Errors, without a code: the connection dropped,
// a new one did not complete in time, or no pooled connection came free in time.
const UNREACHABLE_DRIVER_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Client has encountered a connection error and is not queryable",
]);

/**
 * Why the database could not be reached, when `error` says it could not (a short reason for the
 * log, never a query or its values); undefined for every other error, which is a real failure.
 * Covers what Prisma's driver adapter makes of it (P1001 and the like for model queries, P2010 for
 * raw SQL, P2028 when no connection came free to start a transaction) and what node-postgres
 * throws past the adapter.
 */
export function unreachableDatabaseReason(error: unknown): string | undefined {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const adapterError = error.meta?.driverAdapterError;
    if (isAdapterError(adapterError)) return adapterErrorReason(adapterError);
    if (error.code === "P2028" && error.message.includes("Unable to start a transaction in the given time")) {
      return "no database connection came free to start a transaction";
    }
    return undefined;
  }
  if (isAdapterError(error)) return adapterErrorReason(error);
  if (!(error instanceof Error)) return undefined;
  const { code, syscall } = error as Error & { code?: unknown; syscall?: unknown };
  if (typeof code === "string" && typeof syscall === "string" && UNREACHABLE_SOCKET_CODES.has(code))
    return `${syscall} ${code}`;
  if (typeof code === "string" && UNREACHABLE_SQLSTATE.test(code) && "severity" in error)
    return `PostgreSQL ${code}: ${error.message}`;
  if (code === undefined && UNREACHABLE_DRIVER_MESSAGES.has(error.message)) return error.message;
  return undefined;
}

/** isDriverAdapterError reads a property of what it is given: not safe on undefined (an error without an adapter's error in its meta, a transaction that timed out). */
const isAdapterError = (value: unknown): value is DriverAdapterError =>
  typeof value === "object" && value !== null && isDriverAdapterError(value);

function adapterErrorReason({ cause }: DriverAdapterError): string | undefined {
  if (UNREACHABLE_KINDS.has(cause.kind)) return cause.kind;
  if (cause.kind === "postgres" && UNREACHABLE_SQLSTATE.test(cause.code))
    return `PostgreSQL ${cause.code}: ${cause.message}`;
  return undefined;
}

/**
 * True when `error` says an interactive transaction outlived its time limit (P2028 on a query or a
 * commit after `timeout`): the database answered, but too slowly for this request, as on a machine
 * too busy to keep up. The transaction rolled back, so nothing was written; the request can be retried.
 */
export function transactionExpired(error: unknown): boolean {
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    error.code === "P2028" &&
    /expired transaction|Transaction already closed/.test(error.message)
  );
}
