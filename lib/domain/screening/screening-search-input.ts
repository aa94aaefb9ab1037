/** What a search by staff sends (POST /api/admin/screening/search): a person's name, and what else is known of them. */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";

export const MAX_SEARCH_HITS = 100;

export const screeningSearchInput = z.object({
  name: fields.personText("name", 300),
  date_of_birth: fields.day("date_of_birth").optional(),
  nationality: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "nationality must be an ISO 3166-1 alpha-2 code such as IR")
    .transform((code) => code.toUpperCase())
    .optional(),
  limit: fields.integer("limit", 1, MAX_SEARCH_HITS).optional(),
});
