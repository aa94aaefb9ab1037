import { Prisma } from "@/lib/generated/prisma/client";

/**
 * True when `error` is a unique-constraint violation (on `field`, when given), from a Prisma model
 * query (P2002) or from raw SQL (P2010, carrying the driver adapter's error).
 */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const fromRawSql = (error.meta?.driverAdapterError as { cause?: { kind?: string; constraint?: unknown } } | undefined)?.cause;
  const unique = error.code === "P2002" || (error.code === "P2010" && fromRawSql?.kind === "UniqueConstraintViolation");
  if (!unique || !field) return unique;
  return JSON.stringify(error.code === "P2002" ? (error.meta ?? {}) : (fromRawSql?.constraint ?? {})).includes(field);
}
