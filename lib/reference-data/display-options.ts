import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { fieldError, notFound } from "@/lib/errors/domain-error";
import { fields } from "@/lib/validation/fields";
import { auditedChange } from "@/lib/audit/audited-change";
import type { Actor } from "@/lib/audit/record-audit";
import { ianaZones } from "./timezones";
import { textFilter, pageOf, idsFilter, searchText, booleanFilter, type ListQuery } from "@/lib/db/list-query";

/**
 * Locales and timezones: the two lists the apps offer their customers, each row an id, a label,
 * an enabled flag and a position. The public API serves the enabled ones, ordered by position.
 */
export type DisplayOptionKind = "locales" | "timezones";

export type DisplayOptionRecord = { id: string; label: string; enabled: boolean; position: number; updated_at: string };

type Row = { id: string; label: string; enabled: boolean; position: number; updatedAt: Date };

// Both Prisma delegates take the same arguments for these tables; this is the part of them used here.
type Table = {
  findMany(args: { where: Prisma.LocaleWhereInput; orderBy: Record<string, "asc" | "desc">[]; skip: number; take: number }): Promise<Row[]>;
  count(args: { where: Prisma.LocaleWhereInput }): Promise<number>;
  findUnique(args: { where: { id: string } }): Promise<Row | null>;
  create(args: { data: Omit<Row, "updatedAt"> }): Promise<Row>;
  update(args: { where: { id: string }; data: Partial<Omit<Row, "id" | "updatedAt">> }): Promise<Row>;
  delete(args: { where: { id: string } }): Promise<Row>;
};

function table(client: Prisma.TransactionClient, kind: DisplayOptionKind): Table {
  return (kind === "locales" ? client.locale : client.timezone) as unknown as Table;
}

export const SORTABLE = { id: "id", label: "label", enabled: "enabled", position: "position" };

const idFields: Record<DisplayOptionKind, z.ZodType<string>> = {
  locales: fields.text("Locale code", 20).refine((id) => /^[a-z]{2,3}(_[A-Z]{2})?$/.test(id), "Locale code must look like en_GB (language, then an optional country)"),
  timezones: fields.text("Time zone", 64).refine((id) => ianaZones().includes(id), "Time zone must be an IANA zone such as Europe/London"),
};

export function newOptionInput(kind: DisplayOptionKind) {
  return z.object({
    id: idFields[kind],
    label: fields.text("Label", 100),
    enabled: fields.flag("Enabled").default(true),
    position: fields.integer("Position", 0, 100_000).default(0),
  });
}

export const optionChanges = z.object({
  label: fields.text("Label", 100).optional(),
  enabled: fields.flag("Enabled").optional(),
  position: fields.integer("Position", 0, 100_000).optional(),
});

function toRecord(row: Row): DisplayOptionRecord {
  return { id: row.id, label: row.label, enabled: row.enabled, position: row.position, updated_at: row.updatedAt.toISOString() };
}

export async function listOptions(kind: DisplayOptionKind, query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.LocaleWhereInput = {
    id: idsFilter(query.filter, textFilter),
    enabled: booleanFilter(query.filter.enabled),
    ...(q ? { OR: [{ id: { contains: q, mode: "insensitive" } }, { label: { contains: q, mode: "insensitive" } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    table(db(), kind).findMany({ where, ...pageOf(query) }),
    table(db(), kind).count({ where }),
  ]);
  return { rows: rows.map(toRecord), total };
}

export async function readOption(kind: DisplayOptionKind, id: string): Promise<DisplayOptionRecord> {
  const row = await table(db(), kind).findUnique({ where: { id } });
  if (!row) throw notFound();
  return toRecord(row);
}

export async function createOption(kind: DisplayOptionKind, input: Omit<Row, "updatedAt">, actor: Actor): Promise<DisplayOptionRecord> {
  try {
    return await auditedChange(actor, ["reference"], async (tx) => {
      const after = toRecord(await table(tx, kind).create({ data: input }));
      return { result: after, audit: { action: "create", resource: kind, resourceId: after.id, after } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("id", "unique", `${input.id} is already in the list`);
    throw error;
  }
}

export async function updateOption(
  kind: DisplayOptionKind,
  id: string,
  changes: z.infer<typeof optionChanges>,
  actor: Actor,
): Promise<DisplayOptionRecord> {
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await table(tx, kind).findUnique({ where: { id } });
    if (!existing) throw notFound();
    const after = toRecord(await table(tx, kind).update({ where: { id }, data: changes }));
    return { result: after, audit: { action: "update", resource: kind, resourceId: id, before: toRecord(existing), after } };
  });
}

export async function deleteOption(kind: DisplayOptionKind, id: string, actor: Actor): Promise<DisplayOptionRecord> {
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await table(tx, kind).findUnique({ where: { id } });
    if (!existing) throw notFound();
    await table(tx, kind).delete({ where: { id } });
    const before = toRecord(existing);
    return { result: before, audit: { action: "delete", resource: kind, resourceId: id, before } };
  });
}
