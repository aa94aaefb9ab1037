/**
 * Validation of input against zod schemas: every problem becomes one field error with a code from
 * FIELD_ERROR_CODES, thrown together as one `invalid_input` domain error.
 */
import type { z } from "zod";
import { invalidInput, type FieldError, type FieldErrorCode } from "@/lib/platform/errors/domain-error";

/** Fields as a request carries them, before validation. */
export type RawInput = Record<string, unknown>;

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
  const { result, problems } = checked(schema, raw);
  problems.push(...crossChecks(raw));
  if (problems.length > 0 || !result.success) throw invalidInput(problems);
  return result.data;
}

/**
 * Validates each field of `schema` apart, for a change whose fields are all optional and independent
 * (the profile): the fields that passed, and a problem for each that did not, which the caller
 * throws with those of its own checks of the others, so every problem is answered at once. A
 * problem of the body as a whole is thrown at once.
 */
export function parseFieldsApart<S extends z.ZodObject>(
  schema: S,
  raw: RawInput,
): { input: z.infer<S>; problems: FieldError[] } {
  const { result, problems } = checked(schema, raw);
  if (result.success) return { input: result.data, problems };
  const failed = new Set(problems.map((problem) => problem.param.split(".")[0]));
  if (problems.length === 0 || failed.has("body")) throw invalidInput(problems);
  const passed = Object.fromEntries(Object.entries(raw).filter(([field]) => !failed.has(field)));
  return { input: parseInput(schema, passed), problems };
}

function checked<S extends z.ZodObject>(schema: S, raw: RawInput) {
  const result = schema.safeParse(raw);
  const issues = result.success ? [] : result.error.issues;
  // A value of the wrong type has one problem, not also a length.
  const mistyped = new Set(
    issues.filter((issue) => issue.code === "invalid_type").map((issue) => issue.path.join(".")),
  );
  const problems = issues
    .filter((issue) => issue.code === "invalid_type" || !mistyped.has(issue.path.join(".")))
    .map((issue) => toFieldError(issue, raw));
  return { result, problems };
}

function toFieldError(issue: z.core.$ZodIssue, raw: RawInput): FieldError {
  const param = issue.path.map(String).join(".") || "body";
  return { param, code: codeOf(issue, raw[param]), message: issue.message };
}

function codeOf(issue: z.core.$ZodIssue, value: unknown): FieldErrorCode {
  switch (issue.code) {
    case "invalid_type":
    // A choice (fields.choice) left out is missing, not a value outside the set.
    case "invalid_value":
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

export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
