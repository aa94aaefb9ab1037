/** The one place that reads request input: bodies (at most MAX_BODY_BYTES, form-encoded or JSON). */
import type { z } from "zod";
import { type FieldError, invalidRequest } from "@/lib/platform/errors/domain-error";
import { parseInput, type RawInput } from "@/lib/platform/validation/parse-input";
import { bodyTooLarge } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body's bytes, read chunk by chunk: a 413 as soon as the declared length or the bytes read
 * pass `max` (MAX_BODY_BYTES, or a route's own, such as a list's upload), so no more than that is ever held. The rest is left unread, not cancelled:
 * cancelling the stream destroys the socket before the 413 could be written (the 413 closes the
 * connection instead). A body that breaks off (the client went away) is a 400, not a bug.
 */
export async function readBodyBytes(request: Request, max = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length")) > max) throw bodyTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw invalidRequest("Request body was not received in full");
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > max) throw bodyTooLarge();
      chunks.push(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}

/** Form-encoded (what the apps send) or JSON with the same fields; anything else is a 400. */
export async function readBody(request: Request): Promise<RawInput> {
  return parseBody(request.headers.get("content-type"), await readBodyBytes(request));
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** The fields of a body already read (`readBodyBytes`), by its Content-Type. */
export function parseBody(contentType: string | null, bytes: Uint8Array): RawInput {
  const text = new TextDecoder().decode(bytes);
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === "application/x-www-form-urlencoded" || (mediaType === "" && text.trim() === "")) {
    const fields: RawInput = {};
    for (const [key, value] of new URLSearchParams(text)) fields[key] ??= value;
    return fields;
  }
  if (mediaType === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidRequest("Request body is not valid JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw invalidRequest("Request body must be a JSON object");
    }
    return parsed as RawInput;
  }
  throw invalidRequest("Content-Type must be application/x-www-form-urlencoded or application/json");
}

/** The body of `request`, validated against `schema` (see parseInput for `crossChecks`). */
export async function readInput<S extends z.ZodObject>(
  request: Request,
  schema: S,
  crossChecks?: (raw: RawInput) => FieldError[],
): Promise<z.infer<S>> {
  return parseInput(schema, await readBody(request), crossChecks);
}
