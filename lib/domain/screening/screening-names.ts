/**
 * A person's name as matching compares it: NFKC, every script transliterated to Latin (any-ascii),
 * lower case without diacritics or punctuation, split into tokens with particles joined to the name
 * they belong to ("Al Rashid", "Al-Rashid" and "Alrashid" are all "alrashid"; "O'Brien" "obrien"),
 * connectives and titles dropped ("bin", "ibn", "Mr"). Tokens written in an abjad (Arabic, Hebrew…),
 * whose transliteration has no short vowels, are marked so the scorer compares their consonants.
 */
import anyAscii from "any-ascii";

export type NameToken = {
  text: string;
  /** Its consonants by sound class ("karim" and Arabic's "krym" are both "krm"): the index's key, and the abjad comparison's. */
  skeleton: string;
  abjad: boolean;
  /** The token without the particles joined to it ("alqaddafi" is "qaddafi"), which one side may leave out. */
  bare: string;
};

/** Joined to the token after them. */
const PARTICLES = new Set([
  "al",
  "el",
  "ad",
  "ag",
  "an",
  "ar",
  "as",
  "at",
  "az",
  "ash",
  "ad-",
  "abu",
  "abd",
  "abdel",
  "abdul",
  "abdal",
  "ul",
  "ud",
  "van",
  "von",
  "der",
  "den",
  "de",
  "da",
  "di",
  "do",
  "dos",
  "das",
  "del",
  "della",
  "du",
  "la",
  "le",
  "st",
  "mac",
  "mc",
  "o",
]);
/** Dropped: connectives of a patronymic and titles, which one side writes and the other leaves out. */
const DROPPED = new Set([
  "bin",
  "ibn",
  "bint",
  "binti",
  "ben",
  "bn",
  "mr",
  "mrs",
  "ms",
  "dr",
  "sheikh",
  "shaykh",
  "haji",
  "hajji",
]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: plain ASCII, which needs no transliteration.
const ASCII = /^[\x00-\x7f]*$/;
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
// Han, kana and Hangul transliterate to capitalised syllables run together ("XiJinPing"): split at each.
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const SOUND_CLASS: Record<string, string> = {
  b: "b",
  p: "b",
  f: "b",
  v: "b",
  c: "k",
  g: "k",
  j: "k",
  k: "k",
  q: "k",
  x: "k",
  d: "d",
  t: "d",
  s: "s",
  z: "s",
  l: "l",
  m: "m",
  n: "n",
  r: "r",
};

/** The consonants of a token by sound class, repeats collapsed; vowels, h, w and y (the abjads' long vowels) dropped. */
export function skeletonOf(token: string): string {
  let skeleton = "";
  for (const char of token) {
    const sound = SOUND_CLASS[char];
    if (sound && !skeleton.endsWith(sound)) skeleton += sound;
  }
  return skeleton || token;
}

/** The words of one name, as matching reads them, in their order. */
export function nameTokens(name: string): NameToken[] {
  const words = name.normalize("NFKC").split(/[\s,;/()]+/u);
  const tokens: NameToken[] = [];
  let pending = "";
  for (const word of words) {
    const plain = ASCII.test(word);
    const abjad = !plain && ABJAD.test(word);
    let ascii = plain ? word : anyAscii(word);
    if (!plain && SYLLABIC.test(word)) ascii = ascii.replace(/([a-z])([A-Z])/g, "$1 $2");
    // Apostrophes join (O'Brien, D'Souza); hyphens and other punctuation split (Al-Rashid), particles join again below.
    // The typographic apostrophe is written escaped: one character past Latin-1 in the compiled server script makes
    // V8 hold all of its source at two bytes a character (test/worker-scripts.test.ts).
    const parts = ascii
      .toLowerCase()
      .replace(/['\u2019`´]/g, "")
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    for (const part of parts) {
      if (DROPPED.has(part)) continue;
      if (PARTICLES.has(part)) {
        pending += part;
        continue;
      }
      const text = pending + part;
      pending = "";
      tokens.push({ text, skeleton: skeletonOf(text), abjad, bare: part });
    }
  }
  // A name that ends in a particle keeps it as a word of its own.
  if (pending) tokens.push({ text: pending, skeleton: skeletonOf(pending), abjad: false, bare: pending });
  return tokens;
}
