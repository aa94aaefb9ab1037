/**
 * Screening lists written straight to the database, as an import would leave them (a new version of
 * the list, its entries added or changed in it), for the tests of screening in the customer's life.
 * Names are chosen so that any scorer matches them: the listed name is the customer's, exactly.
 */
import { createHash } from "node:crypto";
import type { ScreeningListFormat, ScreeningTopic } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";

export type ListedPerson = {
  externalId: string;
  name: string;
  aliases?: string[];
  birthDates?: string[];
  nationalities?: string[];
  topics: ScreeningTopic[];
  programs?: string[];
};

const contentHash = (person: ListedPerson) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        person.name,
        person.aliases ?? [],
        person.birthDates ?? [],
        person.nationalities ?? [],
        person.topics,
      ]),
    )
    .digest("hex");

/**
 * A new version of list `name` (made on first use) in which `people` are added, or changed where
 * their external id is listed already; the others stay. Answers the list's new version.
 */
export async function importListVersion(
  name: string,
  people: ListedPerson[],
  format: ScreeningListFormat = "opensanctions_ftm",
): Promise<number> {
  return db().$transaction(async (tx) => {
    const list = await tx.screeningList.upsert({ where: { name }, create: { name, format }, update: {} });
    const version = list.version + 1;
    for (const person of people) {
      const fields = {
        name: person.name,
        aliases: person.aliases ?? [],
        birthDates: person.birthDates ?? [],
        nationalities: person.nationalities ?? [],
        topics: person.topics,
        programs: person.programs ?? [],
        contentHash: contentHash(person),
        version,
        removedInVersion: null,
      };
      await tx.screeningEntry.upsert({
        where: { listId_externalId: { listId: list.id, externalId: person.externalId } },
        create: { listId: list.id, externalId: person.externalId, ...fields },
        update: fields,
      });
    }
    const entryCount = await tx.screeningEntry.count({ where: { listId: list.id, removedInVersion: null } });
    await tx.screeningList.update({
      where: { id: list.id },
      data: { version, entryCount, importedAt: new Date(), importedBy: "cli" },
    });
    return version;
  });
}
