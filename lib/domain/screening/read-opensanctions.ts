/**
 * OpenSanctions' FollowTheMoney entities as JSON lines (opensanctions-ftm): one entity a line; the
 * people (`schema: "Person"`) are read, with `properties.name`, `alias`, `birthDate`, `nationality`,
 * `topics` ("sanction" a sanctions designation, "role.pep" a politically exposed person) and
 * `program` or `position` as what they are listed for. Other schemas (companies, vessels…) are skipped.
 */
import { ScreeningTopic } from "@/lib/generated/prisma/enums";
import { countryCode, listedPerson, refusedFile, type ListedPerson } from "./listed-person";

const TOPICS: Record<string, ScreeningTopic> = { sanction: ScreeningTopic.sanction, "role.pep": ScreeningTopic.pep };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

export function readOpenSanctions(jsonLines: string): ListedPerson[] {
  const seen = new Set<string>();
  return jsonLines.split("\n").flatMap((line, index) => {
    if (line.trim() === "") return [];
    const where = `line ${index + 1}`;
    let entity: { id?: unknown; schema?: unknown; properties?: Record<string, unknown> };
    try {
      entity = JSON.parse(line);
    } catch {
      throw refusedFile(where, "not a JSON object");
    }
    if (typeof entity !== "object" || entity === null || Array.isArray(entity)) {
      throw refusedFile(where, "not a JSON object");
    }
    if (entity.schema !== "Person") return [];
    const properties = typeof entity.properties === "object" && entity.properties ? entity.properties : {};
    const id = typeof entity.id === "string" ? entity.id : "";
    if (seen.has(id)) throw refusedFile(where, `the id ${id.slice(0, 200)} is listed twice`);
    seen.add(id);
    const [name, ...otherNames] = strings(properties.name);
    return [
      listedPerson(where, {
        externalId: id,
        name: name ?? "",
        aliases: [...otherNames, ...strings(properties.alias)],
        // FtM dates are ISO prefixes, sometimes with a time: the day is what matching reads.
        birthDates: strings(properties.birthDate).map((date) => date.slice(0, 10)),
        nationalities: strings(properties.nationality).map(countryCode),
        topics: strings(properties.topics).flatMap((topic) => TOPICS[topic] ?? []),
        programs: [...strings(properties.program), ...strings(properties.position)],
      }),
    ];
  });
}
