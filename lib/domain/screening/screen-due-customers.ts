/**
 * The customers due for screening (customers.screening_due_at, set by a submit and by a change of
 * identity in the same transaction, so nothing is lost if a process dies): screened a batch at a time
 * by every server process's screening pass, each cleared only if it was not marked again meanwhile.
 */
import { db } from "@/lib/platform/db";
import { SCREENED_COLUMNS, screenCustomers } from "./screen-customers";

const BATCH_SIZE = 200;

/**
 * Screens the due customers (or customer `customerId` alone, if due: a KYC verification's first
 * step), oldest mark first, until none is left; answers how many it screened.
 */
export async function screenDueCustomers(customerId?: number): Promise<number> {
  let screened = 0;
  for (;;) {
    const due = await db().customer.findMany({
      where: { screeningDueAt: { not: null }, id: customerId },
      orderBy: { screeningDueAt: "asc" },
      take: BATCH_SIZE,
      select: { ...SCREENED_COLUMNS, screeningDueAt: true },
    });
    if (due.length === 0) return screened;
    await screenCustomers(due);
    screened += due.length;
  }
}
