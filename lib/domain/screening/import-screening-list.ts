/**
 * Imports a publisher's file as the next version of a screening list, switched in within one
 * transaction: entries upserted by the publisher's id (changed only when their content hash or
 * programmes change), the ones the file drops marked removed in this version, the list's version,
 * count, time and importer set, and an audit entry. A file that does not parse, or holds more people
 * than SCREENING_LIST_MAX_ENTRIES, is refused before anything is written: the version in force stays.
 */
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AuditAction, AuditResource, type ScreeningListFormat } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { contentHash, type ListedPerson } from "./listed-person";
import { readOfacSdn, type ListFiles } from "./read-ofac-sdn";
import { readUnList } from "./read-un-list";
import { readOpenSanctions } from "./read-opensanctions";
import { DEFAULT_LIST_NAMES, formatName } from "./screening-list-formats";

/** A list's name: what `--list` or the upload names it ("ofac-sdn", "un-consolidated"…). */
export const listName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "1–64 lower-case letters, digits, dots, dashes or underscores");

export type ImportedList = {
  list: string;
  format: string;
  version: number;
  entries: number;
  added: number;
  changed: number;
  removed: number;
};

const READERS: Record<ScreeningListFormat, (files: ListFiles) => ListedPerson[]> = {
  ofac_sdn_csv: readOfacSdn,
  un_xml: (files) => readUnList(onlyFile(files)),
  opensanctions_ftm: (files) => readOpenSanctions(onlyFile(files)),
};

function onlyFile(files: ListFiles): string {
  const texts = Object.values(files);
  if (texts.length !== 1) throw invalidRequest("This format is one file");
  return texts[0];
}

const WRITE_BATCH = 1000;
// An import of a list of hundreds of thousands of people writes for longer than a request's transaction.
const IMPORT_TIMEOUT_MS = 10 * 60 * 1000;

export async function importScreeningList(
  options: { format: ScreeningListFormat; list?: string; files: ListFiles },
  actor: Actor,
  importedBy: string,
): Promise<ImportedList> {
  const name = options.list ?? DEFAULT_LIST_NAMES[options.format];
  const people = READERS[options.format](options.files);
  const max = config().SCREENING_LIST_MAX_ENTRIES;
  if (people.length > max) {
    throw invalidRequest(`The list was not imported: ${people.length} people, more than the ${max} a list may hold`);
  }
  return db().$transaction(
    async (tx) => {
      // The upsert's UPDATE locks the list's row: two imports of one list take turns.
      const list = await tx.screeningList.upsert({
        where: { name },
        create: { name, format: options.format, version: 1 },
        update: { version: { increment: 1 } },
      });
      if (list.format !== options.format) {
        throw invalidRequest(`The list ${name} is ${formatName(list.format)}, not ${formatName(options.format)}`);
      }
      const counts = await writeVersion(tx, list.id, list.version, people);
      const importedAt = new Date();
      await tx.screeningList.update({
        where: { id: list.id },
        data: {
          entryCount: people.length,
          topics: [...new Set(people.flatMap((person) => person.topics))].sort(),
          importedAt,
          importedBy,
        },
      });
      const result = {
        list: name,
        format: formatName(list.format),
        version: list.version,
        entries: people.length,
        ...counts,
      };
      await recordAudit(tx, actor, {
        action: AuditAction.import_screening_list,
        resource: AuditResource.screening_lists,
        resourceId: list.id,
        after: result,
      });
      return result;
    },
    { timeout: IMPORT_TIMEOUT_MS, maxWait: IMPORT_TIMEOUT_MS },
  );
}

/** The entries of `version`: what is new inserted (or brought back), what changed rewritten, what went marked. */
async function writeVersion(
  tx: Prisma.TransactionClient,
  listId: number,
  version: number,
  people: ListedPerson[],
): Promise<{ added: number; changed: number; removed: number }> {
  const stored = new Map(
    (
      await tx.screeningEntry.findMany({
        where: { listId },
        select: { id: true, externalId: true, contentHash: true, programs: true, removedInVersion: true },
      })
    ).map((entry) => [entry.externalId, entry]),
  );
  const fields = (person: ListedPerson) => ({
    name: person.name,
    aliases: person.aliases,
    birthDates: person.birthDates,
    nationalities: person.nationalities,
    topics: person.topics,
    programs: person.programs,
    contentHash: contentHash(person),
    version,
    removedInVersion: null,
  });
  const fresh: ListedPerson[] = [];
  const rewritten: { id: number; person: ListedPerson }[] = [];
  let added = 0;
  for (const person of people) {
    const entry = stored.get(person.externalId);
    stored.delete(person.externalId);
    if (!entry) {
      fresh.push(person);
      added++;
    } else if (entry.removedInVersion !== null) {
      rewritten.push({ id: entry.id, person });
      added++;
    } else if (entry.contentHash !== contentHash(person) || entry.programs.join("\n") !== person.programs.join("\n")) {
      rewritten.push({ id: entry.id, person });
    }
  }
  for (let start = 0; start < fresh.length; start += WRITE_BATCH) {
    await tx.screeningEntry.createMany({
      data: fresh
        .slice(start, start + WRITE_BATCH)
        .map((person) => ({ listId, externalId: person.externalId, ...fields(person) })),
    });
  }
  for (const { id, person } of rewritten) await tx.screeningEntry.update({ where: { id }, data: fields(person) });
  const gone = [...stored.values()].filter((entry) => entry.removedInVersion === null).map((entry) => entry.id);
  for (let start = 0; start < gone.length; start += WRITE_BATCH) {
    await tx.screeningEntry.updateMany({
      where: { id: { in: gone.slice(start, start + WRITE_BATCH) } },
      data: { removedInVersion: version },
    });
  }
  return { added, changed: rewritten.length - (added - fresh.length), removed: gone.length };
}
