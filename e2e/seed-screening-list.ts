/**
 * A small screening list for the browser tests, written before the server opens the embedded
 * database (e2e/serve.ts): one listed person whose name a customer of e2e/screening-matches.spec.ts
 * takes, so that screening opens a possible match for the queue.
 */
import { createHash } from "node:crypto";
import { closeDatabase, db } from "@/lib/platform/db";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";

export const LISTED_NAME = "Wilhelmina Kastellanos";

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareDatabase();
  const list = await db().screeningList.create({
    data: {
      name: "e2e-sanctions",
      format: "opensanctions_ftm",
      version: 1,
      entryCount: 1,
      importedAt: new Date(),
      importedBy: "cli",
    },
  });
  await db().screeningEntry.create({
    data: {
      listId: list.id,
      externalId: "e2e-1",
      name: LISTED_NAME,
      // Only a birth year, as lists often give: the customer's full date in that year scores as the same person.
      birthDates: ["1985"],
      nationalities: [],
      topics: ["sanction"],
      programs: ["VENEZUELA-EO13850"],
      contentHash: createHash("sha256").update(LISTED_NAME).digest("hex"),
      version: 1,
    },
  });
  await closeDatabase();
}
