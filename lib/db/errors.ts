import { Prisma } from "@/lib/generated/prisma/client";

/** True when `error` is a unique-constraint violation (on `field`, when given). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  if (!field) return true;
  const target = JSON.stringify(error.meta ?? {});
  return target.includes(field);
}
