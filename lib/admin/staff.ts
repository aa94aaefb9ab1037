import type { Prisma } from "@/lib/generated/prisma/client";
import { StaffRole } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";
import { toStaffRecord, type StaffRecord } from "@/lib/staff";
import { enumFilter, pageOf, booleanFilter, idsFilter, numericId, searchText, type ListQuery } from "./protocol";

/** Staff accounts as admins list them (creating and changing them is lib/staff.ts). */
export const SORTABLE = { id: "id", email: "email", name: "name", role: "role", active: "active", last_login_at: "lastLoginAt", created_at: "createdAt" };

export async function listStaff(query: ListQuery) {
  const q = searchText(query.filter);
  const where: Prisma.StaffWhereInput = {
    id: idsFilter(query.filter, numericId),
    role: enumFilter(StaffRole, query.filter.role),
    active: booleanFilter(query.filter.active),
    ...(q ? { OR: [{ email: { contains: q, mode: "insensitive" } }, { name: { contains: q, mode: "insensitive" } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db().staff.findMany({ where, ...pageOf(query) }),
    db().staff.count({ where }),
  ]);
  return { rows: rows.map(toStaffRecord), total };
}

export async function readStaff(id: number): Promise<StaffRecord> {
  const staff = await db().staff.findUnique({ where: { id } });
  if (!staff) throw notFound("No such staff member");
  return toStaffRecord(staff);
}
