/**
 * The list formats by their names on the wire ("ofac-sdn-csv": the enum's values with dashes), and
 * the name a list takes when an import gives none. No server imports (the generated enums are plain
 * objects): the back office's upload reads them too.
 */
import { ScreeningListFormat } from "@/lib/generated/prisma/enums";

export const FORMAT_NAMES = Object.values(ScreeningListFormat).map((format) => format.replaceAll("_", "-")) as [
  string,
  ...string[],
];
export const formatOf = (name: string) => name.replaceAll("-", "_") as ScreeningListFormat;
export const formatName = (format: ScreeningListFormat) => format.replaceAll("_", "-");

/** The name a list takes when none is given: the format's. */
export const DEFAULT_LIST_NAMES: Record<ScreeningListFormat, string> = {
  ofac_sdn_csv: "ofac-sdn",
  un_xml: "un-consolidated",
  opensanctions_ftm: "opensanctions",
};
