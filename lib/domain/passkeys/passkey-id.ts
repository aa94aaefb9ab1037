/** A passkey id as sent in a path: a positive integer in canonical spelling that a row can have, else undefined. */
import { MAX_INTEGER } from "@/lib/platform/db/list-query";

export function parsePasskeyId(sent: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(sent)) return undefined;
  const id = Number(sent);
  return id <= MAX_INTEGER ? id : undefined;
}
