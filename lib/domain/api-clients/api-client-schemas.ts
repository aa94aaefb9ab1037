/** The input of creating and changing API clients, and the fields their list sorts by. */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";
import { canonicalOrigin, NO_ORIGIN, originProblem } from "./origin-rule";

export const SORTABLE = {
  id: "id",
  name: "name",
  created_at: "createdAt",
  last_used_at: "lastUsedAt",
  active: "active",
};

/** An allowed origin, as the browser sends it in Origin: `originProblem` says what is wrong with one. */
export const originSchema = z
  .string({ error: "Each allowed origin must be text" })
  .trim()
  .superRefine((value, context) => {
    const problem = originProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform(canonicalOrigin);

/** At least one: a client without an allowed origin cannot register anyone (every e-mail link is refused). */
const allowedOrigins = z
  .array(originSchema, {
    error: (issue) => (issue.input === undefined ? NO_ORIGIN : "Allowed origins must be a list of origins"),
  })
  .min(1, NO_ORIGIN)
  .max(50, "At most 50 allowed origins");

export const newClientInput = z.object({
  name: fields.text("Name", 100),
  allowed_origins: allowedOrigins,
});

export const clientChanges = z.object({
  name: fields.text("Name", 100).optional(),
  allowed_origins: allowedOrigins.optional(),
});

/** Allowed origins as stored: each once, in the order first given. */
export function uniqueOrigins(origins: string[]): string[] {
  return [...new Set(origins)];
}
