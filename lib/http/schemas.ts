/**
 * The zod schemas that several /client/v1 operations share: the success envelope, the error body,
 * the named response types, and `requestBody`, which each operation's own request schema is made
 * with (beside its route). A schema with a `meta` id is a named type of the document (components.schemas).
 */
import { z } from "zod";
import { FIELD_ERROR_CODES } from "@/lib/platform/errors/domain-error";
import { ERROR_TYPES } from "./errors";
import { fields } from "@/lib/platform/validation/fields";
import { countrySchema, settingsSchema } from "@/lib/domain/reference-data/reference-data-schemas";
import { profileSchema } from "@/lib/domain/customers/profile-fields";

const successEnvelope = <T extends z.ZodRawShape>(status: number, shape: T) =>
  z.object({ code: z.literal(status), message: z.literal("Success"), ...shape });

export const countriesResponse = successEnvelope(200, { countries: z.array(countrySchema) });

export const settingsResponse = successEnvelope(200, { settings: settingsSchema });

export const validationErrorSchema = z
  .object({
    param: z.string().describe("The field (or request header, e.g. X-Client-IP) at fault"),
    code: z.enum(FIELD_ERROR_CODES),
    message: z.string().describe("For people; may change, unlike code"),
  })
  .meta({ id: "ValidationError" });

export const apiErrorSchema = z
  .object({
    code: z.number().int().describe("The HTTP status"),
    type: z.enum(ERROR_TYPES),
    message: z.string(),
    errors: z.array(validationErrorSchema).optional().describe("One entry per problem, on validation failures (400)"),
  })
  .meta({ id: "ApiError" });

// Customer accounts. Field names and error codes are the apps' contract (docs/api.md).
// Fields the schema does not name are ignored, never refused: the document says so.
export const requestBody = <T extends z.ZodRawShape>(id: string, shape: T) =>
  z.object(shape).meta({ id, additionalProperties: true, description: "Fields not listed here are ignored." });

/** The password typed again: `label is required` when missing, `_invalidConfirmPassword` when it differs. */
export const confirmation = (label: string, of: string) =>
  fields.secret(label).meta({ description: `${label}: the same characters as ${of}, compared as sent, not trimmed.` });

export const tokenResponse = (status: 200 | 201) =>
  successEnvelope(status, { token: z.string().describe("Login token: send it as Authorization: Bearer <token>") });

export const recipientResponse = successEnvelope(200, {
  recipient: z.string().describe("The address the e-mail went to, masked, e.g. an********@example.org"),
});

export const plainSuccessResponse = successEnvelope(200, {});

export const customerSchema = z
  .object({
    email: z.string(),
    email_verified: z.boolean(),
    created_at: z.iso.datetime().describe("ISO 8601, UTC"),
    locale: z
      .string()
      .nullable()
      .describe(
        "The id of the customer's locale: the one they chose while it is enabled, else the first enabled locale " +
          "in settings order (null only when no locale is enabled).",
      ),
  })
  .meta({ id: "Customer" });

export const meResponse = successEnvelope(200, { customer: customerSchema });

export const profileResponse = successEnvelope(200, { profile: profileSchema });

export const sessionSchema = z
  .object({
    id: z.number().int().describe("Identifies the session in DELETE /client/v1/sessions/{id}"),
    current: z.boolean().describe("The session of the login token that made this request"),
    created_at: z.iso.datetime().describe("When the customer logged in (or registered), ISO 8601, UTC"),
    last_used_at: z.iso.datetime().describe("When the token was last used, to the minute, ISO 8601, UTC"),
    ip: z.string().describe('The IP address it was issued to (X-Client-IP), or "unknown"'),
    user_agent: z.string().describe("The user agent it was issued to (X-Client-UA); may be empty"),
    fingerprint: z.string().describe("The device fingerprint it was issued to (X-Client-Fingerprint); may be empty"),
    client_name: z.string().nullable().describe("The name of the API client (app) it was issued through"),
  })
  .meta({ id: "Session" });

export const sessionsResponse = successEnvelope(200, {
  sessions: z.array(sessionSchema).describe("The customer's live login tokens, newest first"),
});

export const revokedResponse = successEnvelope(200, {
  revoked: z.number().int().min(0).describe("How many sessions were revoked"),
});
