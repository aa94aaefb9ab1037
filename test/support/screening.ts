/** The screening fixtures (test/fixtures/screening/, the publishers' own formats) as an upload sends them. */
import fs from "node:fs";
import path from "node:path";
import type { AdminFetch } from "@/tooling/staff-sign-in";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/screening");

/** A file or every file of a folder, by name, with its text. */
export function listFiles(relative: string): Record<string, string> {
  const location = path.join(FIXTURES, relative);
  const files = fs.statSync(location).isDirectory()
    ? fs.readdirSync(location).map((name) => path.join(location, name))
    : [location];
  return Object.fromEntries(files.map((file) => [path.basename(file), fs.readFileSync(file, "utf8")]));
}

export const FIXTURE_FORMATS = {
  ofac: { format: "ofac-sdn-csv", files: "ofac" },
  un: { format: "un-xml", files: "un-consolidated.xml" },
  opensanctions: { format: "opensanctions-ftm", files: "opensanctions.jsonl" },
} as const;

/** POST /api/admin/screening/lists/import with `files` (a fixture's path, or the files themselves). */
export function importList(
  request: AdminFetch,
  format: string,
  files: string | Record<string, string>,
  list?: string,
): Promise<Response> {
  return request("/api/admin/screening/lists/import", {
    method: "POST",
    json: { format, list, files: typeof files === "string" ? listFiles(files) : files },
  });
}
