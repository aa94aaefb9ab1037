/**
 * Jaro–Winkler similarity (Winkler 1990: prefix scale 0.1 over at most four characters), 0–1.
 * Written here rather than taken from cmpstr: cmpstr 3.3.0 keeps every result in a process-wide
 * cache keyed by a 32-bit hash whose finaliser multiplies in floating point, so two pairs of names
 * can share a key and one is given the other's score (seen on bench/screening-pairs.json:
 * "Khadafy"/"Qadhafi" scored 0.34 after some hundred other pairs, 0.93 alone).
 */
// Which letters of each side are matched: kept between calls (a search compares thousands of pairs).
let takenLong = new Uint8Array(64);
let takenShort = new Uint8Array(64);

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  if (short.length === 0) return 0;
  if (long.length > takenLong.length) {
    takenLong = new Uint8Array(long.length * 2);
    takenShort = new Uint8Array(long.length * 2);
  }
  takenLong.fill(0, 0, long.length);
  takenShort.fill(0, 0, short.length);
  const window = Math.max(0, Math.floor(long.length / 2) - 1);
  let matches = 0;
  for (let i = 0; i < short.length; i++) {
    const letter = short.charCodeAt(i);
    const from = Math.max(0, i - window);
    const to = Math.min(long.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (!takenLong[j] && long.charCodeAt(j) === letter) {
        takenLong[j] = 1;
        takenShort[i] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  // The matched letters of each side, in order: a pair that differs is half a transposition.
  let transpositions = 0;
  for (let j = 0, i = 0; j < long.length; j++) {
    if (!takenLong[j]) continue;
    while (!takenShort[i]) i++;
    if (long.charCodeAt(j) !== short.charCodeAt(i)) transpositions++;
    i++;
  }
  const jaro = (matches / short.length + matches / long.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < short.length && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
