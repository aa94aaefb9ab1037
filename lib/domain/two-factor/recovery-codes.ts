/**
 * One-time recovery codes of a two-factor, for staff and customers alike: ten, shown once as
 * xxxxx-xxxxx, stored as SHA-256 hashes; a code typed with any case, spaces or dashes is the same code.
 */
import { randomInt } from "node:crypto";
import { sha256 } from "@/lib/platform/secrets";

const RECOVERY_CODE_COUNT = 10;
// Ten characters of an alphabet without look-alikes (31 signs, 49 bits), shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE = /^[a-z0-9]{10}$/;

/** The stored hash of a code as typed, or null when it cannot be a recovery code. */
export function recoveryCodeHash(code: string): string | null {
  const compact = code.toLowerCase().replace(/[\s-]/g, "");
  return RECOVERY_CODE.test(compact) ? sha256(compact) : null;
}

/** Ten new recovery codes as shown once (xxxxx-xxxxx), and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => sha256(code.replace("-", ""))) };
}
