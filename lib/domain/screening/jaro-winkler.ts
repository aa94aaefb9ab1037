/**
 * Jaro–Winkler similarity (Winkler 1990: prefix scale 0.1 over at most four characters), 0–1.
 * Written here rather than taken from cmpstr: cmpstr 3.3.0 keeps every result in a process-wide
 * cache keyed by a 32-bit hash whose finaliser multiplies in floating point, so two pairs of names
 * can share a key and one is given the other's score (seen on bench/screening-pairs.json:
 * "Khadafy"/"Qadhafi" scored 0.34 after some hundred other pairs, 0.93 alone).
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return 0;
  const window = Math.max(0, Math.floor(long.length / 2) - 1);
  const taken = new Uint8Array(long.length);
  const matchedShort: string[] = [];
  for (let i = 0; i < short.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(long.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (!taken[j] && long[j] === short[i]) {
        taken[j] = 1;
        matchedShort.push(short[i]);
        break;
      }
    }
  }
  const matches = matchedShort.length;
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let j = 0, k = 0; j < long.length; j++) {
    if (!taken[j]) continue;
    if (long[j] !== matchedShort[k]) transpositions++;
    k++;
  }
  const jaro = (matches / short.length + matches / long.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < short.length && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
