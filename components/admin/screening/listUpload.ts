/**
 * The Lists page's upload as the import API takes it (POST /api/admin/screening/lists/import:
 * `{ format, list?, files: { "<name>": "<text>" } }` as JSON), built without freezing the page: each
 * file's text is escaped a slice at a time, the page given back between slices, and the parts sent as
 * one Blob, never the whole body as one string. And a refusal, in words a compliance officer reads.
 */
import { HttpError } from "react-admin";

/** Characters escaped at a time: a few milliseconds of work, however large the file. */
const SLICE = 1 << 20;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `text` as the parts of a JSON string, its quotes included. */
async function jsonStringParts(text: string): Promise<string[]> {
  const parts = ['"'];
  for (let start = 0; start < text.length; start += SLICE) {
    // A surrogate pair cut between two slices is escaped as two \uXXXX, which JSON reads back as the pair.
    parts.push(JSON.stringify(text.slice(start, start + SLICE)).slice(1, -1));
    await nextTask();
  }
  parts.push('"');
  return parts;
}

/** The upload's body: `list` left out when empty (the format's own name is taken). */
export async function uploadBody(format: string, list: string, files: File[]): Promise<Blob> {
  const parts: string[] = [`{"format":${JSON.stringify(format)},`];
  if (list) parts.push(`"list":${JSON.stringify(list)},`);
  parts.push('"files":{');
  for (const [index, file] of files.entries()) {
    parts.push(`${index > 0 ? "," : ""}${JSON.stringify(file.name)}:`, ...(await jsonStringParts(await file.text())));
  }
  parts.push("}}");
  return new Blob(parts, { type: "application/json" });
}

const FIELD_LABELS: Record<string, string> = { format: "Format", list: "List name", files: "Files" };

/** What an upload's field problem is about: "List name", or the file by its name. */
function fieldLabel(field: string): string {
  if (field.startsWith("files.")) return `File "${field.slice("files.".length)}"`;
  return FIELD_LABELS[field] ?? field;
}

/**
 * Why the upload was refused. The API's own message for a file at fault already names the file and
 * its line or element ("SDN.CSV line 5: not CSV as OFAC writes it"); the problems of the form's
 * fields are named by their labels; the statuses that carry no message of the list's are said here.
 */
export function refusalWords(error: unknown): string {
  if (!(error instanceof HttpError)) {
    return "The upload broke off before the server answered. If the list's version on this page did not go up, nothing was imported: try again.";
  }
  switch (error.status) {
    case 401:
      return "Your session has ended: sign in again, then upload the files again.";
    case 403:
      return "Only compliance and admins may import lists.";
    case 413:
      return "The files are larger than the server takes (SCREENING_IMPORT_MAX_BYTES, 64 MiB unless set otherwise): ask an administrator to raise the limit.";
    case 503:
      return "The service could not finish the import just now: try again in a minute.";
  }
  const errors = (error.body?.errors ?? {}) as Record<string, string | { serverError?: string }>;
  const problems = Object.entries(errors).map(([field, problem]) =>
    field === "root" && typeof problem === "object" ? (problem.serverError ?? "") : `${fieldLabel(field)}: ${problem}`,
  );
  return problems.length > 0 ? `${problems.join("; ")}.` : error.message;
}
