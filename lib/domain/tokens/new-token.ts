/**
 * Tokens we hand to customers. Only their SHA-256 is stored: the database alone cannot be used
 * to log in or to reset a password.
 */
import { randomToken, sha256 } from "@/lib/platform/secrets";

export function newToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token) };
}
