/**
 * Text about a person (a name, an address line), refused when it could look like other text: a
 * hidden character, a styled or compatibility form of a letter, a word that mixes scripts (Unicode
 * TS #39, "Highly Restrictive"); stored NFC. One rule for the profile, staff names, and what will
 * compare names (screening, payees): a name that only looks right is refused before it is stored.
 */
import { z } from "zod";

/**
 * What cannot be seen or changes how the text around it is shown: a control character (tab and
 * newline too), a format character, a default-ignorable code point (zero-width characters, the
 * combining grapheme joiner, variation selectors, the Hangul fillers), a bidi control, a private-use
 * or unassigned code point, and any white space but the space (U+2028, U+2029, U+3000, …).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]|[^\P{White_Space} ]/u;

/** Text with no lone surrogate and nothing HIDDEN. */
const isVisibleText = (text: string) => text.isWellFormed() && !HIDDEN.test(text);

/**
 * Whether `text` holds a compatibility character: one whose NFKC form differs from its NFC form
 * (mathematical and fullwidth letters, ligatures, superscripts, …), a letter that looks like another.
 */
const hasCompatibilityCharacters = (text: string) => text.normalize("NFKC") !== text.normalize("NFC");

/**
 * The Script property's values (Unicode 17, ISO 15924 codes) but Common, Inherited and Unknown:
 * regular expressions can test a script but not list them. A value this runtime does not know yet
 * is left out; test/look-alike-names.test.ts fails when the runtime knows a script this list lacks.
 */
export const SCRIPTS = `Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd
  Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong
  Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar
  Khmr Khoj Kits Knda Krai Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend
  Merc Mero Miao Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge
  Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind
  Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt
  Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb`.split(/\s+/);

/** TS #39's sets of scripts one word may mix at "Highly Restrictive": Japanese, Chinese with Bopomofo, Korean, each with Latin. */
const SCRIPT_MIXES = [
  ["Latn", "Hani", "Hira", "Kana"],
  ["Latn", "Hani", "Bopo"],
  ["Latn", "Hani", "Hang"],
];

/** A word whose every character is in one of `scripts`, or in Common or Inherited (by Script_Extensions); undefined for a script this runtime does not know. */
function writtenIn(scripts: string[]): RegExp | undefined {
  const classes = [...scripts, "Zyyy", "Zinh"].map((script) => `\\p{scx=${script}}`).join("");
  try {
    return new RegExp(`^[${classes}]*$`, "u");
  } catch {
    return undefined;
  }
}

let writingSystems: RegExp[] | undefined;

/** Whether no white-space-separated word of `text` mixes scripts beyond what TS #39's "Highly Restrictive" allows. */
export function isSingleScriptPerWord(text: string): boolean {
  writingSystems ??= [...SCRIPTS.map((script) => [script]), ...SCRIPT_MIXES]
    .map(writtenIn)
    .filter((pattern) => pattern !== undefined);
  const systems = writingSystems;
  return text.split(" ").every((word) => systems.some((pattern) => pattern.test(word)));
}

/**
 * The string a person's text is checked as: no hidden character and no compatibility character
 * (`invalid_characters`, and nothing else is judged then), then NFC, then the field's own `rule`
 * (its length, a name's letters: it should abort), then no word mixing scripts (`mixed_scripts`).
 */
export function personText(
  label: string,
  params: Parameters<typeof z.string>[0],
  rule: (checked: z.ZodString) => z.ZodString,
) {
  const checked = z
    .string(params)
    .refine(isVisibleText, {
      message: `${label} must not contain control, invisible or direction-changing characters, nor any space but the ordinary one`,
      params: { code: "invalid_characters" },
      abort: true,
    })
    .refine((value) => !hasCompatibilityCharacters(value), {
      message: `${label} must be written with ordinary letters, not styled, fullwidth or ligature forms (such as 𝐀, Ａ or ﬁ)`,
      params: { code: "invalid_characters" },
      abort: true,
    })
    .overwrite((value) => value.normalize("NFC"));
  return rule(checked).refine(isSingleScriptPerWord, {
    message: `${label} must not mix scripts within a word (such as Latin and Cyrillic letters)`,
    params: { code: "mixed_scripts" },
  });
}

/** Letters of any script with their marks, spaces, hyphens, apostrophes and full stops, at least one letter. */
const NAME = /^(?=.*\p{L})[\p{L}\p{M} '’.\-‐]+$/u;

/** A person's name: `personText` of 1 to `max` code points of NAME's characters (`invalid` otherwise). */
export function personName(label: string, max: number, params: Parameters<typeof z.string>[0]) {
  return personText(label, params, (checked) =>
    checked.refine((value) => [...value].length <= max && NAME.test(value), {
      message: `${label} must be 1 to ${max} letters (any script), spaces, hyphens, apostrophes or full stops`,
      params: { code: "invalid" },
      abort: true,
    }),
  );
}
