/**
 * Staff accounts: a page of them as admins list them, or, without a query, every one by id
 * (the command line's `staff list`).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import {
  booleanFilter,
  enumFilter,
  idsFilter,
  numericId,
  pageOf,
  searchText,
  type ListQuery,
} from "@/lib/platform/db/list-query";
import { StaffRole } from "@/lib/generated/prisma/enums";
import { toStaffRecord, type StaffRecord } from "./staff-record";

export async function listStaff(query?: ListQuery): Promise<{ rows: StaffRecord[]; total: number }> {
  const filter = query?.filter ?? {};
  const q = searchText(filter);
  const where: Prisma.StaffWhereInput = {
    id: idsFilter(filter, numericId),
    role: enumFilter(StaffRole, filter.role),
    active: booleanFilter(filter.active),
    ...(q
      ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db().staff.findMany({ where, ...pageOf(query) }),
    db().staff.count({ where }),
  ]);
  return { rows: rows.map(toStaffRecord), total };
}
