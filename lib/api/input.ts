import { z } from "zod";
import { parseLinkTemplate } from "@/lib/customers/link-template";
import { badRequest, bodyTooLarge, invalidRequest, type FieldError, type FieldErrorCode } from "./errors";

/** The one place that reads request bodies and validates them against zod schemas. */
const MAX_BODY_BYTES = 64 * 1024;

export type RawInput = Record<string, unknown>;

/**
 * The body's bytes, read chunk by chunk: a 413 as soon as the declared length or the bytes read
 * pass MAX_BODY_BYTES, so no more than that is ever held. The rest is left unread, not cancelled:
 * cancelling the stream destroys the socket before the 413 could be written (the 413 closes the
 * connection instead). A body that breaks off (the client went away) is a 400, not a bug.
 */
export async function readBodyBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length")) > MAX_BODY_BYTES) throw bodyTooLarge();
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
        throw badRequest("Request body was not received in full");
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > MAX_BODY_BYTES) throw bodyTooLarge();
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
      throw badRequest("Request body is not valid JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw badRequest("Request body must be a JSON object");
    }
    return parsed as RawInput;
  }
  throw badRequest("Content-Type must be application/x-www-form-urlencoded or application/json");
}

/**
 * Validates `raw` against `schema`. Every problem becomes one `errors` entry; `crossChecks` adds the
 * ones that compare fields (they run even when a single field already failed, so the caller
 * sees every problem at once).
 */
export function parseInput<S extends z.ZodObject>(
  schema: S,
  raw: RawInput,
  crossChecks: (raw: RawInput) => FieldError[] = () => [],
): z.infer<S> {
  const result = schema.safeParse(raw);
  const issues = result.success ? [] : result.error.issues;
  // A value of the wrong type has one problem, not also a length.
  const mistyped = new Set(issues.filter((issue) => issue.code === "invalid_type").map((issue) => issue.path.join(".")));
  const problems = issues
    .filter((issue) => issue.code === "invalid_type" || !mistyped.has(issue.path.join(".")))
    .map((issue) => toFieldError(issue, raw));
  problems.push(...crossChecks(raw));
  if (problems.length > 0 || !result.success) throw invalidRequest(problems);
  return result.data;
}

function toFieldError(issue: z.core.$ZodIssue, raw: RawInput): FieldError {
  const param = issue.path.map(String).join(".") || "body";
  return { param, code: codeOf(issue, raw[param]), message: issue.message };
}

function codeOf(issue: z.core.$ZodIssue, value: unknown): FieldErrorCode {
  switch (issue.code) {
    case "invalid_type":
      return isBlank(value) ? "required" : "invalid";
    case "too_small":
      return issue.minimum === 1 ? "required" : "too_short";
    case "too_big":
      return "too_long";
    case "custom":
      return (issue.params?.code as FieldErrorCode | undefined) ?? "invalid";
    default:
      return "invalid";
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Missing and empty are the same thing to a form: both are `required`. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/**
 * A field as the client sends it, for the API description: what a preprocessed field accepts
 * cannot be read off the schema it is checked against after trimming (a leading space is fine).
 */
const asSent = (description: string, limits: { minLength?: number; maxLength?: number } = { minLength: 1 }) => ({
  type: "string" as const,
  ...limits,
  description,
});

export const fields = {
  /** A trimmed, non-empty string. */
  text(label: string, max = 255) {
    return z.preprocess(
      (value) => blankToUndefined(typeof value === "string" ? value.trim() : value),
      z
        .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
        .max(max, `${label} must be at most ${max} characters`),
    );
  },

  email(label = "E-mail address") {
    return z
      .preprocess(
        (value) => blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value),
        z
          .email({
            error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} is not a valid e-mail address`),
          })
          .max(254, `${label} must be at most 254 characters`),
      )
      .meta(asSent(`${label}. Trimmed and lower-cased before it is checked; then an e-mail address of at most 254 characters.`));
  },

  /** Passwords are never trimmed: spaces are characters like any other. */
  password(label = "Password") {
    return z
      .preprocess(
        blankToUndefined,
        z
          .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
          .min(8, `${label} must be at least 8 characters`)
          .max(128, `${label} must be at most 128 characters`),
      )
      .meta(asSent(`${label}. Not trimmed: spaces count like any other character.`, { minLength: 8, maxLength: 128 }));
  },

  /** Any non-empty string, unchecked beyond that (used where the value is compared, e.g. confirm_password). */
  secret(label: string) {
    return z
      .preprocess(
        blankToUndefined,
        z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) }).max(1024),
      )
      .meta(asSent(`${label}. Compared as sent, not trimmed.`, { minLength: 1, maxLength: 1024 }));
  },

  /** A trimmed string that may be empty: missing is "". */
  optionalText(label: string, max = 255) {
    return z.preprocess(
      (value) => (value === undefined || value === null ? "" : typeof value === "string" ? value.trim() : value),
      z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`),
    );
  },

  /** A telephone number as people write it: digits with spaces, dashes, brackets and a leading +. */
  phone(label: string) {
    return fields.text(label, 32).refine(
      (value) => /^\+?[0-9][0-9 ()-]{4,30}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5,
      `${label} must be a telephone number such as +44 20 7946 0000`,
    );
  },

  /** true or false; a form sends them as strings. */
  flag(label: string) {
    return z.preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : blankToUndefined(value)),
      z.boolean({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be true or false`) }),
    );
  },

  /** A whole number from `min` to `max`; a form sends it as a string. */
  integer(label: string, min: number, max: number) {
    return z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blankToUndefined(value)),
      z
        .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );
  },

  /** One of the values of an enum (one Prisma generates from schema.prisma). */
  choice<const T extends Readonly<Record<string, string>>>(label: string, values: T) {
    return z.preprocess(
      blankToUndefined,
      z.enum(values, {
        error: (issue) =>
          issue.input === undefined ? `${label} is required` : `${label} must be one of: ${Object.values(values).join(", ")}`,
      }),
    );
  },

  /** A link template: an absolute http(s) URL with `:token` in its path or query (see link-template.ts). */
  tokenUrl(label: string) {
    return z
      .preprocess(
        (value) => blankToUndefined(typeof value === "string" ? value.trim() : value),
        z
          .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
          .max(2048, `${label} must be at most 2048 characters`)
          .refine(
            (value) => parseLinkTemplate(value) !== null,
            `${label} must be an absolute http(s) URL without user name or password, with :token in its path or query`,
          ),
      )
      .meta(
        asSent(
          `${label}. Trimmed before it is checked; then at most 2048 characters: an absolute http(s) URL without user name, ` +
            "password, backslash or white space, with the literal :token in its path or query, on one of the API client's allowed origins.",
        ),
      );
  },
};

/** `confirm_password` must equal `password`, checked only when both were given. */
export function confirmPasswordCheck(raw: RawInput): FieldError[] {
  const { password, confirm_password: confirm } = raw;
  if (isBlank(password) || isBlank(confirm) || password === confirm) return [];
  return [{ param: "confirm_password", code: "_invalidConfirmPassword", message: "Passwords do not match" }];
}
