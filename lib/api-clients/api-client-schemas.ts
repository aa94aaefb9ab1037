/** The input of creating and changing API clients, and the fields their list sorts by. */
import { z } from "zod";
import { fields } from "@/lib/validation/fields";

export const SORTABLE = {
  id: "id",
  name: "name",
  created_at: "createdAt",
  last_used_at: "lastUsedAt",
  active: "active",
};

export const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "must be an origin such as https://app.example.com (scheme, host and optional port, nothing else)")
  .transform((value) => new URL(value).origin);

const allowedOrigins = z
  .array(originSchema, { error: "Allowed origins must be a list of origins" })
  .max(50, "At most 50 allowed origins");

export const newClientInput = z.object({
  name: fields.text("Name", 100),
  allowed_origins: allowedOrigins.default([]),
});

export const clientChanges = z.object({
  name: fields.text("Name", 100).optional(),
  allowed_origins: allowedOrigins.optional(),
});

/** Allowed origins as stored: each once, in the order first given. */
export function uniqueOrigins(origins: string[]): string[] {
  return [...new Set(origins)];
}
