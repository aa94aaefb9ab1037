/**
 * Screening customers against the lists in force: each customer's identity searched
 * (search-screening-entries.ts, over the index read once per batch), and a possible match opened for
 * every hit at or above SCREENING_THRESHOLD, unless the customer has an open match with that entry
 * already, or a decided one on the same identity and the same entry content (the unique index: a
 * false positive stays decided). Both the due customers (screen-due-customers.ts) and the re-screen
 * (run-screening.ts) come through here, a batch at a time.
 *
 * What a batch finds is written in one transaction: the matches opened, and the due marks cleared
 * (only a mark not set again meanwhile), under the row lock of every due customer
 * (lib/domain/customer-accounts/lock-customer.ts, in one statement, in id order). A KYC decision takes the same
 * lock and refuses to verify while a match is open or the mark is set, so it sees a customer just
 * submitted or changed either before their screening (due) or after it (its matches), never in
 * between. The re-screen's customers are not due and take no lock of their own: a match's insert
 * waits for a decision holding the row anyway (its foreign key's check), and a match a list's new
 * version opens on a verified customer is ongoing monitoring, for a reviewer.
 */
import { createHash } from "node:crypto";
import { setImmediate as turn } from "node:timers/promises";
import type { Customer } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { lockCustomers } from "@/lib/domain/customer-accounts/lock-customer";
import { type ScreeningHit, searchIndex } from "./search-screening-entries";
import { screeningIndex } from "./screening-index";

/** What screening reads of a customer. */
export const SCREENED_COLUMNS = {
  id: true,
  givenNames: true,
  familyName: true,
  dateOfBirth: true,
  nationality: true,
} as const satisfies Partial<Record<keyof Customer, true>>;
export type ScreenedCustomer = Pick<Customer, keyof typeof SCREENED_COLUMNS>;

/** The searches are synchronous: a batch gives the event loop its turn at least this often (ms). */
const TURN_MS = 10;
/** The most hits kept per customer: beyond a handful at the threshold, a reviewer learns nothing new. */
const HITS_PER_CUSTOMER = 20;

/** The customer as compared: their name as one string, birth date and nationality, and a hash of the three. */
export function screenedIdentity(customer: ScreenedCustomer) {
  const name = [customer.givenNames, customer.familyName].filter(Boolean).join(" ");
  const dateOfBirth = customer.dateOfBirth?.toISOString().slice(0, 10) ?? null;
  const nationality = customer.nationality;
  const hash = createHash("sha256")
    .update(JSON.stringify([customer.givenNames, customer.familyName, dateOfBirth, nationality]))
    .digest("hex");
  return { name, dateOfBirth, nationality, hash };
}

/** Screens `customers`; answers how many possible matches it opened. A customer given with the due mark read has it cleared. */
export async function screenCustomers(
  customers: (ScreenedCustomer & { screeningDueAt?: Date | null })[],
): Promise<number> {
  const threshold = config().SCREENING_THRESHOLD;
  const index = await screeningIndex();
  const found: { customer: ScreenedCustomer; identity: ReturnType<typeof screenedIdentity>; hits: ScreeningHit[] }[] =
    [];
  let turnAt = performance.now();
  for (const customer of customers) {
    if (performance.now() - turnAt > TURN_MS) {
      await turn();
      turnAt = performance.now();
    }
    const identity = screenedIdentity(customer);
    if (!identity.name) continue;
    const hits = searchIndex(index, {
      name: identity.name,
      dateOfBirth: identity.dateOfBirth,
      nationality: identity.nationality,
      threshold,
      limit: HITS_PER_CUSTOMER,
    });
    if (hits.length > 0) found.push({ customer, identity, hits });
  }
  const due = customers.filter(({ screeningDueAt }) => screeningDueAt);
  if (found.length === 0 && due.length === 0) return 0;

  return db().$transaction(async (tx) => {
    await lockCustomers(
      tx,
      due.map((customer) => customer.id),
    );
    let opened = 0;
    if (found.length > 0) {
      const open = await tx.screeningMatch.findMany({
        where: { customerId: { in: found.map(({ customer }) => customer.id) }, status: "open" },
        select: { customerId: true, entryId: true },
      });
      const isOpen = new Set(open.map(({ customerId, entryId }) => `${customerId}:${entryId}`));
      const rows = found.flatMap(({ customer, identity, hits }) =>
        hits
          .filter((hit) => !isOpen.has(`${customer.id}:${hit.entryId}`))
          .map((hit) => ({
            customerId: customer.id,
            listId: hit.listId,
            entryId: hit.entryId,
            listVersion: hit.listVersion,
            score: hit.score,
            customerName: identity.name,
            matchedName: hit.matchedName,
            identityHash: identity.hash,
            entryContentHash: hit.contentHash,
          })),
      );
      if (rows.length > 0) opened = (await tx.screeningMatch.createMany({ data: rows, skipDuplicates: true })).count;
    }
    // A customer whose identity changed while being screened keeps a newer mark, and is screened again.
    if (due.length > 0) {
      await tx.customer.updateMany({
        where: { OR: due.map(({ id, screeningDueAt }) => ({ id, screeningDueAt })) },
        data: { screeningDueAt: null },
      });
    }
    return opened;
  });
}
