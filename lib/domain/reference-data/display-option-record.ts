/**
 * Locales and timezones: the two lists the apps offer their customers, each row an id, a label,
 * an enabled flag and a position. The public API serves the enabled ones, ordered by position.
 * Here: a row, the table of each kind, and a row as the back office sees it.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { utcOffset } from "./timezone-offsets";

export type DisplayOptionKind = "locales" | "timezones";

export type DisplayOptionRecord = {
  id: string;
  label: string;
  enabled: boolean;
  position: number;
  updated_at: string;
  /** A time zone's UTC offset now, as the apps get it (lib/domain/reference-data/timezone-offsets.ts). */
  offset?: string;
};

type DisplayOptionRow = { id: string; label: string; enabled: boolean; position: number; updatedAt: Date };

// Both Prisma delegates take the same arguments for these tables; this is the part of them used here.
type Table = {
  findMany(args: {
    where: Prisma.LocaleWhereInput;
    orderBy: Record<string, "asc" | "desc">[];
    skip: number;
    take: number;
  }): Promise<DisplayOptionRow[]>;
  count(args: { where: Prisma.LocaleWhereInput }): Promise<number>;
  findUnique(args: { where: { id: string } }): Promise<DisplayOptionRow | null>;
  create(args: { data: Omit<DisplayOptionRow, "updatedAt"> }): Promise<DisplayOptionRow>;
  update(args: {
    where: { id: string };
    data: Partial<Omit<DisplayOptionRow, "id" | "updatedAt">>;
  }): Promise<DisplayOptionRow>;
  deleteMany(args: { where: { id: string } }): Promise<{ count: number }>;
};

export function displayOptionTable(client: Prisma.TransactionClient, kind: DisplayOptionKind): Table {
  return (kind === "locales" ? client.locale : client.timezone) as unknown as Table;
}

export function toDisplayOptionRecord(row: DisplayOptionRow, kind?: DisplayOptionKind): DisplayOptionRecord {
  return {
    id: row.id,
    label: row.label,
    enabled: row.enabled,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
    ...(kind === "timezones" ? { offset: utcOffset(row.id) } : {}),
  };
}
