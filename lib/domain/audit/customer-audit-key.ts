/**
 * Each customer's audit key: a random AES-256-GCM key of their own, stored sealed with AUTH_SECRET's
 * seal (customer_audit_keys), under which the personal values of the audit entries about them are
 * sealed (seal-personal-value.ts). Retention destroys it (shred-personal-values.ts), and with it
 * every value sealed under it, without touching an entry of the hash chain.
 */
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";

const PURPOSE = "customer-audit-key";

/** A value sealed for the audit log, as an entry's `before` or `after` holds it in place of the value. */
export type SealedPersonalValue = { sealed_for_customer: number; box: string };

/** What a sealed value reads as once its customer's key is gone (or cannot be opened). */
export const ERASED = "[erased]";

export function isSealedPersonalValue(value: unknown): value is SealedPersonalValue {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { sealed_for_customer: customerId, box, ...rest } = value as Record<string, unknown>;
  return Number.isInteger(customerId) && typeof box === "string" && Object.keys(rest).length === 0;
}

/**
 * The customer's key, made on first use; null once shredded. Two transactions making it at once
 * insert one row (the second waits on the first's and keeps it), and both read the one that stays.
 * Read first: once made, a key costs one query, and the transaction holds its connection no longer.
 */
export async function customerAuditKey(tx: Prisma.TransactionClient, customerId: number): Promise<Buffer | null> {
  const made = await tx.customerAuditKey.findUnique({ where: { customerId }, select: { keyBox: true } });
  if (made) return openKey(made.keyBox);
  await tx.customerAuditKey.createMany({
    data: [{ customerId, keyBox: sealWithAuthSecret(PURPOSE, randomBytes(32).toString("base64url")) }],
    skipDuplicates: true,
  });
  const { keyBox } = await tx.customerAuditKey.findUniqueOrThrow({ where: { customerId }, select: { keyBox: true } });
  return openKey(keyBox);
}

/** The keys of these customers that still exist, by customer id (a shredded or missing one is absent). */
export async function customerAuditKeys(customerIds: number[]): Promise<Map<number, Buffer>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db().customerAuditKey.findMany({ where: { customerId: { in: customerIds } } });
  const keys = new Map<number, Buffer>();
  for (const row of rows) {
    const key = openKey(row.keyBox);
    if (key) keys.set(row.customerId, key);
  }
  return keys;
}

function openKey(keyBox: string | null): Buffer | null {
  const key = keyBox === null ? null : openWithAuthSecret(PURPOSE, keyBox);
  return key === null ? null : Buffer.from(key, "base64url");
}
