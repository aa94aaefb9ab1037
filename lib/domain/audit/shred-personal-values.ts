/**
 * Crypto-shredding: customer `customerId`'s audit key destroyed, so every personal value sealed
 * under it in the audit log reads as erased from then on, while the entries (and their hashes)
 * stay as written. The row stays without its key, so a value sealed for them later is not kept
 * either. Runs in the caller's transaction (retention's pseudonymisation).
 */
import type { Prisma } from "@/lib/generated/prisma/client";

export async function shredPersonalValues(tx: Prisma.TransactionClient, customerId: number, now: Date): Promise<void> {
  await tx.customerAuditKey.upsert({
    where: { customerId },
    create: { customerId, keyBox: null, shreddedAt: now },
    update: { keyBox: null, shreddedAt: now },
    select: { customerId: true },
  });
}
