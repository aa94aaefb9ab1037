/**
 * What an audit entry is about, in words: "Poland", not "countries 177". Names are read from the
 * records as they are now, one query per resource for a whole page of entries; a record that is
 * gone (a deleted locale) is named from the entry's own snapshot.
 */
import type { AuditLog } from "@/lib/generated/prisma/client";
import type { AuditResource } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { numericId } from "@/lib/platform/db/list-query";

type AuditedEntry = Pick<AuditLog, "resource" | "resourceId" | "before" | "after">;
type Names = Map<string, string>;
type ByResource<T> = Partial<Record<AuditResource, T>>;

const numericIds = (ids: string[]) => ids.map(numericId).filter((id): id is number => id !== undefined);
const named = (rows: { id: number | string; name: string }[]): Names =>
  new Map(rows.map((row) => [String(row.id), row.name]));

/** Per resource, the current names of the records with these ids (one without is named from its snapshot). */
const CURRENT_NAMES: ByResource<(ids: string[]) => Promise<Names>> = {
  countries: async (ids) =>
    named(
      (
        await db().country.findMany({ where: { id: { in: numericIds(ids) } }, select: { id: true, knownName: true } })
      ).map((country) => ({ id: country.id, name: country.knownName })),
    ),
  locales: async (ids) =>
    named(
      (await db().locale.findMany({ where: { id: { in: ids } }, select: { id: true, label: true } })).map((locale) => ({
        id: locale.id,
        name: locale.label,
      })),
    ),
  timezones: async (ids) =>
    named(
      (await db().timezone.findMany({ where: { id: { in: ids } }, select: { id: true, label: true } })).map((zone) => ({
        id: zone.id,
        name: zone.label,
      })),
    ),
  clients: async (ids) =>
    named(await db().apiClient.findMany({ where: { id: { in: numericIds(ids) } }, select: { id: true, name: true } })),
  staff: async (ids) =>
    named(await db().staff.findMany({ where: { id: { in: numericIds(ids) } }, select: { id: true, name: true } })),
  customers: async (ids) =>
    named(
      (
        await db().customer.findMany({
          where: { id: { in: numericIds(ids) } },
          select: { id: true, email: true, closedEmail: true },
        })
      ).map((customer) => ({ id: customer.id, name: customer.closedEmail ?? customer.email })),
    ),
  outbox: async (ids) =>
    named(
      (await db().emailOutbox.findMany({ where: { id: { in: ids } }, select: { id: true, toAddress: true } })).map(
        (email) => ({ id: email.id, name: email.toAddress }),
      ),
    ),
  settings: async () => new Map([["1", "Business settings"]]),
};

// The fields that name a record in an entry's snapshot, in the order they are tried.
const NAME_FIELDS = ["known_name", "label", "name", "email", "to_address"];

function snapshotName(entry: AuditedEntry): string | null {
  for (const snapshot of [entry.after, entry.before]) {
    if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) continue;
    const fields = snapshot as Record<string, unknown>;
    const field = NAME_FIELDS.find((name) => typeof fields[name] === "string" && fields[name]);
    if (field) return fields[field] as string;
  }
  return null;
}

/** The name of each entry's record, in the entries' order; null when it has none (an export). */
export async function nameAuditedRecords(entries: AuditedEntry[]): Promise<(string | null)[]> {
  const idsByResource = new Map<AuditResource, Set<string>>();
  for (const { resource, resourceId } of entries) {
    if (!resourceId || !CURRENT_NAMES[resource]) continue;
    if (!idsByResource.has(resource)) idsByResource.set(resource, new Set());
    idsByResource.get(resource)!.add(resourceId);
  }
  const names = new Map(
    await Promise.all(
      [...idsByResource].map(async ([resource, ids]) => [resource, await CURRENT_NAMES[resource]!([...ids])] as const),
    ),
  );
  return entries.map(
    (entry) => (entry.resourceId && names.get(entry.resource)?.get(entry.resourceId)) || snapshotName(entry),
  );
}
