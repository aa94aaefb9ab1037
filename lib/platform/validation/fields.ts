/**
 * The field types every schema is built from (text, e-mail, password, phone, link template, …),
 * each with the messages people see, and the check that compares password and confirmation.
 */
import { z } from "zod";
import type { FieldError } from "@/lib/platform/errors/domain-error";
import { parseLinkTemplate } from "./link-template";
import { isBlank, type RawInput } from "./parse-input";
import { personText } from "./person-text";

/** Missing and empty are the same thing to a form: both are `required`. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const trimmedOrEmpty = (value: unknown) => (value === undefined || value === null ? "" : trimmed(value));

/**
 * A field as the client sends it, for the API description: what a preprocessed field accepts
 * cannot be read off the schema it is checked against after trimming (a leading space is fine).
 */
const asSent = (description: string, limits: { minLength?: number; maxLength?: number } = { minLength: 1 }) => ({
  type: "string" as const,
  ...limits,
  description,
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * Text that may be stored and shown: no control character but tab and newline, and no lone
 * surrogate (PostgreSQL refuses a NUL in text and a lone surrogate in JSON; the others corrupt
 * what staff read). The list filters judge by it too (lib/http/list-protocol.ts).
 */
export const isStorableText = (value: string) => value.isWellFormed() && !CONTROL_CHARACTERS.test(value);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `text` as a calendar date (UTC midnight) when it is a real one YYYY-MM-DD, e.g. not 2023-02-30. */
/** The UTC day of `now`, its midnight: what a date column holds, and when a daily schedule's day starts. */
export const utcDay = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);

export function calendarDate(text: string): Date | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

/** An instant as the API writes one: toISOString's form, to the millisecond, in UTC. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INSTANT_LENGTH = "2026-01-31T09:15:00.000Z".length;

/** Whether `text` is a real instant as the API writes them (not 2026-02-30T…, which Date would roll over). */
const isInstant = (text: string) => INSTANT.test(text) && new Date(text).toISOString() === text;

/**
 * The string every stored text field is built on: text, at most `max` characters, storable
 * (`invalid_characters` otherwise; its length is not judged then).
 */
const textOnly = (label: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
});

function storedText(label: string, max: number) {
  return z
    .string(textOnly(label))
    .refine(isStorableText, {
      message: `${label} must not contain control characters (tab and newline aside)`,
      params: { code: "invalid_characters" },
      abort: true,
    })
    .max(max, `${label} must be at most ${max} characters`);
}

const personTextOf = (label: string, max: number) =>
  personText(label, textOnly(label), (checked) =>
    checked.max(max, { message: `${label} must be at most ${max} characters`, abort: true }),
  );

export const fields = {
  /** A trimmed, non-empty string. */
  text(label: string, max = 255) {
    return z.preprocess((value) => blankToUndefined(trimmed(value)), storedText(label, max));
  },

  /** A trimmed, non-empty text about a person, such as a name: person-text.ts's rules, stored NFC. */
  personText(label: string, max = 255) {
    return z.preprocess((value) => blankToUndefined(trimmed(value)), personTextOf(label, max));
  },

  /** `personText` that may be empty: missing is "". */
  optionalPersonText(label: string, max = 255) {
    return z.preprocess(trimmedOrEmpty, personTextOf(label, max));
  },

  email(label = "E-mail address") {
    return z
      .preprocess(
        (value) => blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value),
        z
          .email({
            error: (issue) =>
              issue.input === undefined ? `${label} is required` : `${label} is not a valid e-mail address`,
          })
          .max(254, `${label} must be at most 254 characters`),
      )
      .meta(
        asSent(
          `${label}. Trimmed and lower-cased before it is checked; then an e-mail address of at most 254 characters.`,
        ),
      );
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
        z
          .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
          .max(1024),
      )
      .meta(asSent(`${label}. Compared as sent, not trimmed.`, { minLength: 1, maxLength: 1024 }));
  },

  /** A trimmed string that may be empty: missing is "". */
  optionalText(label: string, max = 255) {
    return z.preprocess(trimmedOrEmpty, storedText(label, max));
  },

  /** A telephone number as people write it: digits with spaces, dashes, brackets and a leading +. */
  phone(label: string) {
    return fields
      .text(label, 32)
      .refine(
        (value) => /^\+?[0-9][0-9 ()-]{4,30}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5,
        `${label} must be a telephone number such as +44 20 7946 0000`,
      );
  },

  /** true or false; a form sends them as strings. */
  flag(label: string) {
    return z.preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : blankToUndefined(value)),
      z.boolean({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be true or false`),
      }),
    );
  },

  /**
   * An instant as the API writes one (2026-01-31T09:15:00.000Z), kept as the text sent, or null for
   * none (a time that never came, e.g. a profile never given). Missing or empty is `required`.
   */
  instantOrNone(label: string) {
    return z.preprocess(
      (value) => (value === null ? null : blankToUndefined(value)),
      storedText(label, INSTANT_LENGTH)
        // Too long is all that is wrong with a long one.
        .refine(
          (value) => value.length > INSTANT_LENGTH || isInstant(value),
          `${label} must be a time such as 2026-01-31T09:15:00.000Z`,
        )
        .nullable(),
    );
  },

  /** A whole number from `min` to `max`; a form sends it as a string. */
  integer(label: string, min: number, max: number) {
    return z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blankToUndefined(value)),
      z
        .number({
          error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
        })
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );
  },

  /** A real calendar day, YYYY-MM-DD (not 2026-02-30, no time); kept as the text sent. */
  day(label: string) {
    return z.preprocess(
      blankToUndefined,
      z
        .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
        .refine((value) => calendarDate(value) !== undefined, `${label} must be a real date YYYY-MM-DD`),
    );
  },

  /** One of the values of an enum (one Prisma generates from schema.prisma). */
  choice<const T extends Readonly<Record<string, string>>>(label: string, values: T) {
    return z.preprocess(
      blankToUndefined,
      z.enum(values, {
        error: (issue) =>
          issue.input === undefined
            ? `${label} is required`
            : `${label} must be one of: ${Object.values(values).join(", ")}`,
      }),
    );
  },

  /** A link template: an absolute http(s) URL with `:token` in its path or query (see link-template.ts). */
  tokenUrl(label: string) {
    return z
      .preprocess(
        (value) => blankToUndefined(trimmed(value)),
        storedText(label, 2048).refine(
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
