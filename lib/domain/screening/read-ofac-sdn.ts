/**
 * OFAC's SDN list in its CSV files (ofac-sdn-csv): SDN.CSV (ent_num, SDN_Name, SDN_Type, Program,
 * Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks), ALT.CSV (ent_num,
 * alt_num, alt_type, alt_name, alt_remarks) and optionally ADD.CSV (ent_num, add_num, address,
 * city, country, add_remarks): no header line, "-0- " for an empty field, a trailing end-of-file
 * character (\x1A). Individuals only; birth dates and nationalities are read from Remarks.
 */
import { parse } from "csv-parse/sync";
import { ScreeningTopic } from "@/lib/generated/prisma/enums";
import { countryCode, listedPerson, refusedFile, type ListedPerson } from "./listed-person";

export type ListFiles = Record<string, string>;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The rows of one of the files, each with its line, or the file refused at the line at fault. */
function rowsOf(file: string, text: string, columns: number): { line: number; fields: string[] }[] {
  let records: { info: { lines: number }; record: string[] }[];
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: OFAC's files end with the end-of-file character.
    records = parse(text.replace(/[\x1A\s]+$/, ""), {
      info: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refusedFile(`${file}${line ? ` line ${line}` : ""}`, "not CSV as OFAC writes it");
  }
  return records.map(({ info, record }) => {
    if (record.length !== columns) {
      throw refusedFile(`${file} line ${info.lines}`, `${record.length} fields where OFAC writes ${columns}`);
    }
    return { line: info.lines, fields: record.map((field) => (field.trim() === "-0-" ? "" : field.trim())) };
  });
}

/** "DOB 12 Jan 1970", "DOB Jan 1970", "DOB 1970", "DOB circa 1965", "DOB 1970 to 1972" (the first year). */
function birthDate(text: string): string | undefined {
  const match = /^(?:circa\s+)?(?:(\d{1,2})\s+)?(?:([A-Za-z]{3})[a-z]*\s+)?(\d{4})/.exec(text.trim());
  if (!match) return undefined;
  const [, day, month, year] = match;
  const monthNumber = month ? MONTHS.indexOf(month.toLowerCase()) + 1 : 0;
  if (month && monthNumber === 0) return undefined;
  const mm = String(monthNumber).padStart(2, "0");
  if (day && monthNumber) return `${year}-${mm}-${day.padStart(2, "0")}`;
  return monthNumber ? `${year}-${mm}` : year;
}

/** What Remarks says of a person: "DOB 12 Jan 1970; alt. DOB 1971; nationality Iran; …". */
function fromRemarks(remarks: string): { birthDates: string[]; nationalities: string[] } {
  const birthDates: string[] = [];
  const nationalities: string[] = [];
  for (const part of remarks.split(";")) {
    const item = part.trim().replace(/^alt\.\s*/i, "");
    const dob = /^DOB\s+(.+)$/i.exec(item);
    const date = dob && birthDate(dob[1]);
    if (date) birthDates.push(date);
    const nationality = /^(?:nationality|citizen)\s+(.+?)\.?$/i.exec(item);
    if (nationality) nationalities.push(countryCode(nationality[1]));
  }
  return { birthDates, nationalities };
}

/** OFAC's "SDGT] [IRGC": the programmes an entry is listed under. */
const programsOf = (program: string) =>
  program
    .split("]")
    .map((item) => item.replace(/[[\]]/g, "").trim())
    .filter(Boolean);

export function readOfacSdn(files: ListFiles): ListedPerson[] {
  const named = (name: string) => Object.keys(files).find((file) => file.toUpperCase() === name);
  const sdnFile = named("SDN.CSV");
  const altFile = named("ALT.CSV");
  if (!sdnFile || !altFile)
    throw refusedFile("the folder", "ofac-sdn-csv needs SDN.CSV and ALT.CSV (ADD.CSV optional)");
  const addFile = named("ADD.CSV");
  // ADD.CSV holds addresses, which matching does not read: checked so that a broken file is refused all the same.
  if (addFile) rowsOf(addFile, files[addFile], 6);

  const aliases = new Map<string, string[]>();
  for (const { fields } of rowsOf(altFile, files[altFile], 5)) {
    const [entNum, , , altName] = fields;
    if (altName) aliases.set(entNum, [...(aliases.get(entNum) ?? []), altName]);
  }
  const seen = new Set<string>();
  return rowsOf(sdnFile, files[sdnFile], 12).flatMap(({ line, fields }) => {
    const [entNum, name, type, program, , , , , , , , remarks] = fields;
    if (type.toLowerCase() !== "individual") return [];
    const where = `${sdnFile} line ${line}`;
    if (seen.has(entNum)) throw refusedFile(where, `ent_num ${entNum} is listed twice`);
    seen.add(entNum);
    return [
      listedPerson(where, {
        externalId: entNum,
        name,
        aliases: aliases.get(entNum) ?? [],
        ...fromRemarks(remarks),
        topics: [ScreeningTopic.sanction],
        programs: programsOf(program),
      }),
    ];
  });
}
