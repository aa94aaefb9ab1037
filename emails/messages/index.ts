/**
 * The e-mails' message catalogues, one file per locale, and which one a customer's locale reads:
 * its own, else its language's first catalogue here (fr_CA → fr_FR, en_AU → en_GB), else en_GB.
 * To add a language, copy en_GB.ts to <locale>.ts, translate it, and list it below.
 */
import { deDE } from "./de_DE";
import { type Messages, enGB } from "./en_GB";
import { enUS } from "./en_US";
import { esES } from "./es_ES";
import { frFR } from "./fr_FR";
import { ptPT } from "./pt_PT";

export type { Messages };

/** By locale id as the settings name it. A language's first entry is where its other regions fall back. */
export const CATALOGUES: Record<string, Messages> = {
  en_GB: enGB,
  en_US: enUS,
  fr_FR: frFR,
  es_ES: esES,
  pt_PT: ptPT,
  de_DE: deDE,
};

export const FALLBACK_CATALOGUE = "en_GB";

const languageOf = (locale: string) => locale.split(/[_-]/)[0].toLowerCase();

/** The id of the catalogue `locale` reads; null (no locale enabled) reads en_GB's. */
export function catalogueFor(locale: string | null): string {
  if (locale === null) return FALLBACK_CATALOGUE;
  if (Object.hasOwn(CATALOGUES, locale)) return locale;
  const language = languageOf(locale);
  return Object.keys(CATALOGUES).find((id) => languageOf(id) === language) ?? FALLBACK_CATALOGUE;
}
