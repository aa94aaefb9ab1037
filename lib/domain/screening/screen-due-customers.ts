/**
 * The customers due for screening (customers.screening_due_at, set by a submit and by a change of
 * identity in the same transaction, so nothing is lost if a process dies): screened a batch at a time
 * by every server process's screening pass, each cleared only if it was not marked again meanwhile.
 */
import { db } from "@/lib/platform/db";
import { SCREENED_COLUMNS, screenCustomers } from "./screen-customers";

const BATCH_SIZE = 200;

/** Screens the due customers, oldest mark first, until none is left; answers how many it screened. */
export async function screenDueCustomers(): Promise<number> {
  let screened = 0;
  for (;;) {
    const due = await db().customer.findMany({
      where: { screeningDueAt: { not: null } },
      orderBy: { screeningDueAt: "asc" },
      take: BATCH_SIZE,
      select: { ...SCREENED_COLUMNS, screeningDueAt: true },
    });
    if (due.length === 0) return screened;
    await screenCustomers(due);
    // A customer whose identity changed while being screened keeps a newer mark, and is screened again.
    await db().customer.updateMany({
      where: { OR: due.map(({ id, screeningDueAt }) => ({ id, screeningDueAt })) },
      data: { screeningDueAt: null },
    });
    screened += due.length;
  }
}
