/**
 * Screening customers against the lists in force: each customer's identity searched
 * (search-screening-entries.ts), and a possible match opened for every hit at or above
 * SCREENING_THRESHOLD, unless the customer has an open match with that entry already, or a decided
 * one on the same identity and the same entry content (the unique index: a false positive stays
 * decided). Both the due customers (screen-due-customers.ts) and the re-screen (run-screening.ts)
 * come through here, a batch at a time.
 */
import { createHash } from "node:crypto";
import type { Customer } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { searchScreeningEntries } from "./search-screening-entries";

/** What screening reads of a customer. */
export const SCREENED_COLUMNS = {
  id: true,
  givenNames: true,
  familyName: true,
  dateOfBirth: true,
  nationality: true,
} as const satisfies Partial<Record<keyof Customer, true>>;
export type ScreenedCustomer = Pick<Customer, keyof typeof SCREENED_COLUMNS>;

/** Searches run at once: the scorer's index is shared, the database's connections are not endless. */
const SEARCH_CONCURRENCY = 8;
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

/** Screens `customers`; answers how many possible matches it opened. */
export async function screenCustomers(customers: ScreenedCustomer[]): Promise<number> {
  const threshold = config().SCREENING_THRESHOLD;
  const found: {
    customer: ScreenedCustomer;
    identity: ReturnType<typeof screenedIdentity>;
    hits: Awaited<ReturnType<typeof searchScreeningEntries>>;
  }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < customers.length) {
      const customer = customers[next++];
      const identity = screenedIdentity(customer);
      if (!identity.name) continue;
      const hits = await searchScreeningEntries({
        name: identity.name,
        dateOfBirth: identity.dateOfBirth,
        nationality: identity.nationality,
        threshold,
        limit: HITS_PER_CUSTOMER,
      });
      if (hits.length > 0) found.push({ customer, identity, hits });
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEARCH_CONCURRENCY, customers.length) }, worker));
  if (found.length === 0) return 0;

  const open = await db().screeningMatch.findMany({
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
  if (rows.length === 0) return 0;
  const { count } = await db().screeningMatch.createMany({ data: rows, skipDuplicates: true });
  return count;
}
