/**
 * A customer's personal value (a staff member's reason, which may name them) made fit for the audit
 * log: sealed under the customer's audit key (customer-audit-key.ts). The entry, and so the hash
 * chain, holds only the sealed form; the back office opens it while the key exists, and once
 * retention has shredded the key it reads as erased (open-personal-values.ts).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { sealWithKey } from "@/lib/platform/auth-secret";
import { customerAuditKey, ERASED, type SealedPersonalValue } from "./customer-audit-key";

/** `value` sealed for customer `customerId`'s entries; ERASED when their key is already shredded (nothing of theirs is kept after retention). */
export async function sealPersonalValue(
  tx: Prisma.TransactionClient,
  customerId: number,
  value: string,
): Promise<SealedPersonalValue | typeof ERASED> {
  const key = await customerAuditKey(tx, customerId);
  return key ? { sealed_for_customer: customerId, box: sealWithKey(key, value) } : ERASED;
}
