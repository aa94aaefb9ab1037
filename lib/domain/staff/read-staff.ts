/** One staff account, as admins see it. */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toStaffRecord, type StaffRecord } from "./staff-record";

export async function readStaff(id: number): Promise<StaffRecord> {
  const staff = await db().staff.findUnique({ where: { id } });
  if (!staff) throw notFound("No such staff member");
  return toStaffRecord(staff);
}
