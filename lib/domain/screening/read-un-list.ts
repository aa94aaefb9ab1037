/**
 * The UN Security Council's consolidated list as XML (un-xml): CONSOLIDATED_LIST / INDIVIDUALS /
 * INDIVIDUAL with FIRST_NAME…FOURTH_NAME, INDIVIDUAL_ALIAS / ALIAS_NAME, INDIVIDUAL_DATE_OF_BIRTH
 * (DATE, or YEAR, or FROM_YEAR…TO_YEAR, with TYPE_OF_DATE), NATIONALITY / VALUE, UN_LIST_TYPE,
 * REFERENCE_NUMBER ("QDi.001": its programme is "QDi") and DATAID, the entry's id.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ScreeningTopic } from "@/lib/generated/prisma/enums";
import { countryCode, listedPerson, refusedFile, type ListedPerson } from "./listed-person";

type Node = Record<string, unknown>;

const REPEATED = new Set(["INDIVIDUAL", "INDIVIDUAL_ALIAS", "INDIVIDUAL_DATE_OF_BIRTH", "NATIONALITY", "VALUE"]);

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");
const nodes = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (item): item is Node => typeof item === "object" && item !== null,
  );

/** A date of birth as the UN gives it: an exact DATE, a YEAR, or a range (its first year). */
function birthDate(node: Node): string | undefined {
  const date = text(node.DATE);
  if (date) return date.slice(0, 10);
  return text(node.YEAR) || text(node.FROM_YEAR) || undefined;
}

export function readUnList(xml: string): ListedPerson[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw refusedFile(`line ${valid.err.line}`, `not well-formed XML (${valid.err.msg})`);
  const document = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    processEntities: true,
    isArray: (name) => REPEATED.has(name),
  }).parse(xml) as Node;
  const list = nodes(document.CONSOLIDATED_LIST)[0];
  if (!list) throw refusedFile("the document", "its root is not CONSOLIDATED_LIST");
  const seen = new Set<string>();
  return nodes(nodes(list.INDIVIDUALS)[0]?.INDIVIDUAL).map((individual, index) => {
    const id = text(individual.DATAID);
    const where = `INDIVIDUAL ${index + 1}${id ? ` (DATAID ${id})` : ""}`;
    if (seen.has(id)) throw refusedFile(where, `DATAID ${id} is listed twice`);
    seen.add(id);
    const reference = text(individual.REFERENCE_NUMBER);
    const program = reference.includes(".") ? reference.split(".")[0] : text(individual.UN_LIST_TYPE);
    return listedPerson(where, {
      externalId: id,
      name: ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((part) => text(individual[part])).join(" "),
      aliases: nodes(individual.INDIVIDUAL_ALIAS).map((alias) => text(alias.ALIAS_NAME)),
      birthDates: nodes(individual.INDIVIDUAL_DATE_OF_BIRTH).flatMap((node) => birthDate(node) ?? []),
      nationalities: nodes(individual.NATIONALITY).flatMap((node) =>
        (Array.isArray(node.VALUE) ? node.VALUE : []).map((value) => countryCode(text(value))),
      ),
      topics: [ScreeningTopic.sanction],
      programs: program ? [program] : [],
    });
  });
}
