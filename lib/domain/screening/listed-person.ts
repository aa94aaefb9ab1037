/**
 * A person as an importer reads them from a publisher's file, before it is stored: the checks every
 * format shares (sizes, control characters, dates), the countries' names as codes, and the content
 * hash that tells a changed entry from an unchanged one.
 */
import { createHash } from "node:crypto";
import type { ScreeningTopic } from "@/lib/generated/prisma/enums";
import { invalidRequest } from "@/lib/platform/errors/domain-error";

export type ListedPerson = {
  externalId: string;
  name: string;
  aliases: string[];
  birthDates: string[];
  nationalities: string[];
  topics: ScreeningTopic[];
  programs: string[];
};

/** What the columns hold at most (prisma/schema.prisma), and what one person may carry. */
const MAX_ID = 200;
const MAX_NAME = 500;
const MAX_VALUES = 200;

/** The publisher's file is refused, naming where: "SDN.CSV line 12: …", "INDIVIDUAL 3 (DATAID 6908555): …". */
export const refusedFile = (where: string, problem: string) =>
  invalidRequest(`The list was not imported (the version in force stays): ${where}: ${problem}`);

// Control characters (tab aside) and lone surrogates: no publisher's name holds one.
const UNSAFE = /[\p{Cc}\p{Cs}]/u;
const DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

const clean = (value: string) => value.replace(/\s+/g, " ").trim();

/** The person's fields checked and tidied (blanks and repeats dropped), or the file refused at `where`. */
export function listedPerson(where: string, person: ListedPerson): ListedPerson {
  const externalId = clean(person.externalId);
  const name = clean(person.name);
  if (!externalId) throw refusedFile(where, "the person has no id");
  if (!name) throw refusedFile(where, "the person has no name");
  const texts = [externalId, name, ...person.aliases, ...person.programs, ...person.nationalities];
  if (texts.some((text) => UNSAFE.test(text.replaceAll("\t", " ")))) {
    throw refusedFile(where, "a value holds a control character");
  }
  if (externalId.length > MAX_ID) throw refusedFile(where, `the id is longer than ${MAX_ID} characters`);
  const values = (list: string[]) => [...new Set(list.map(clean).filter(Boolean))];
  const aliases = values(person.aliases).filter((alias) => alias !== name);
  const programs = values(person.programs);
  const nationalities = values(person.nationalities);
  if ([name, ...aliases, ...programs, ...nationalities].some((text) => text.length > MAX_NAME)) {
    throw refusedFile(where, `a name or value is longer than ${MAX_NAME} characters`);
  }
  if ([aliases, programs, nationalities, person.birthDates].some((list) => list.length > MAX_VALUES)) {
    throw refusedFile(where, `the person has more than ${MAX_VALUES} aliases, dates or values of one kind`);
  }
  const birthDates = values(person.birthDates);
  const badDate = birthDates.find((date) => !DATE.test(date));
  if (badDate) throw refusedFile(where, `"${badDate.slice(0, 40)}" is not a date (YYYY-MM-DD, YYYY-MM or YYYY)`);
  return { externalId, name, aliases, birthDates, nationalities, topics: [...new Set(person.topics)], programs };
}

/** SHA-256 over what matching reads: a changed hash re-opens a decided false positive (part 2). */
export function contentHash(person: ListedPerson): string {
  const { name, aliases, birthDates, nationalities, topics } = person;
  return createHash("sha256")
    .update(JSON.stringify([name, aliases, birthDates, nationalities, [...topics].sort()]))
    .digest("hex");
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const A = "A".charCodeAt(0);
// Codes withdrawn or reserved that Intl still names (SU "Russia", FX "France", UK "United Kingdom"…): never a nationality's.
const NOT_COUNTRIES = new Set("AN BU CS DD DY EU EZ FX HV NH NT QO RH SU TP UK UN VD YD YU ZR ZZ".split(" "));
/** English country names (and the publishers' other spellings) to ISO 3166-1 alpha-2. */
const CODE_OF_COUNTRY = new Map<string, string>();
for (let index = 0; index < 26 * 26; index++) {
  const code = String.fromCharCode(A + Math.floor(index / 26), A + (index % 26));
  const name = regionNames.of(code);
  if (name && name !== code && !NOT_COUNTRIES.has(code) && !CODE_OF_COUNTRY.has(name.toLowerCase())) {
    CODE_OF_COUNTRY.set(name.toLowerCase(), code);
  }
}
for (const [name, code] of Object.entries({
  burma: "MM",
  myanmar: "MM",
  "cote d'ivoire": "CI",
  "côte d'ivoire": "CI",
  "korea, north": "KP",
  "korea, south": "KR",
  "north korea": "KP",
  "democratic people's republic of korea": "KP",
  "russian federation": "RU",
  "iran (islamic republic of)": "IR",
  "syrian arab republic": "SY",
  "viet nam": "VN",
  "united states": "US",
  "united kingdom of great britain and northern ireland": "GB",
  "united republic of tanzania": "TZ",
  "libyan arab jamahiriya": "LY",
  "congo, democratic republic of the": "CD",
  "democratic republic of the congo": "CD",
  "lao people's democratic republic": "LA",
  "bolivia (plurinational state of)": "BO",
  "venezuela (bolivarian republic of)": "VE",
  palestinian: "PS",
  turkey: "TR",
})) {
  CODE_OF_COUNTRY.set(name, code);
}

/** A country as a publisher names it ("Iran", "Korea, North") or codes it ("ir"), as ISO alpha-2 where one is known. */
export function countryCode(value: string): string {
  const text = clean(value);
  if (/^[a-z]{2}$/i.test(text)) return text.toUpperCase();
  return CODE_OF_COUNTRY.get(text.toLowerCase()) ?? text;
}
