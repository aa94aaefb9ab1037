/**
 * The audit entries as staff read them (the list, one entry, the export): each sealed personal value
 * at the top level of `before` and `after` (seal-personal-value.ts) opened with its customer's key,
 * or ERASED once the key is shredded. The rows themselves are never changed.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { openWithKey } from "@/lib/platform/auth-secret";
import { customerAuditKeys, ERASED, isSealedPersonalValue } from "./customer-audit-key";

type Snapshots = { before: Prisma.JsonValue; after: Prisma.JsonValue };

/** `entries` with their sealed values opened, one read of the keys for all of them. */
export async function openPersonalValues<Entry extends Snapshots>(entries: Entry[]): Promise<Entry[]> {
  const customerIds = new Set<number>();
  for (const entry of entries) {
    for (const value of [...fieldsOf(entry.before), ...fieldsOf(entry.after)]) {
      if (isSealedPersonalValue(value)) customerIds.add(value.sealed_for_customer);
    }
  }
  if (customerIds.size === 0) return entries;
  const keys = await customerAuditKeys([...customerIds]);
  const opened = (snapshot: Prisma.JsonValue): Prisma.JsonValue => {
    if (!isObject(snapshot)) return snapshot;
    return Object.fromEntries(
      Object.entries(snapshot).map(([name, value]) => {
        if (!isSealedPersonalValue(value)) return [name, value];
        const key = keys.get(value.sealed_for_customer);
        return [name, (key && openWithKey(key, value.box)) ?? ERASED];
      }),
    );
  };
  return entries.map((entry) => ({ ...entry, before: opened(entry.before), after: opened(entry.after) }));
}

const isObject = (value: Prisma.JsonValue): value is Prisma.JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fieldsOf = (snapshot: Prisma.JsonValue) => (isObject(snapshot) ? Object.values(snapshot) : []);
