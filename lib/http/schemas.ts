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
import type { SessionTokens } from "@/lib/domain/tokens/issue-session-tokens";
import { success } from "./respond";
import { profileSchema } from "@/lib/domain/customer-profiles/profile-fields";
import { customerDataExportSchema } from "@/lib/domain/customer-data-rights/customer-data-export";

export const successEnvelope = <T extends z.ZodRawShape>(status: number, shape: T) =>
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

/** A session's tokens, as login, register and a refresh answer them (docs/api.md, "Sessions"); built by sessionTokensSuccess. */
export const sessionTokensResponse = (status: 200 | 201) =>
  successEnvelope(status, {
    token: z.string().describe("The access token: send it as Authorization: Bearer <token>"),
    refresh_token: z
      .string()
      .describe("Exchanges the session for a new pair at POST /client/v1/token/refresh, once; keep it secret"),
    expires_in: z.number().int().describe("Seconds the access token works from now (ACCESS_TOKEN_TTL_SECONDS)"),
    token_type: z.literal("Bearer"),
  });

/** The success answer carrying a session's tokens: the one place their wire names are written. */
export function sessionTokensSuccess(tokens: SessionTokens, status: 200 | 201 = 200): Response {
  return success(
    { token: tokens.token, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn, token_type: "Bearer" },
    status,
  );
}

/** The 403 of a login whose password was right, with two-factor on: no token yet, but the mfa_token to finish it with. */
export const mfaRequiredSchema = z
  .object({
    code: z.literal(403),
    type: z.literal("mfa_required"),
    message: z.string(),
    mfa_token: z
      .string()
      .describe(
        "Send it with a code to POST /client/v1/login/mfa: valid 5 minutes (MFA_TOKEN_TTL_SECONDS), single use, dead after 5 wrong codes",
      ),
  })
  .meta({ id: "MfaRequired" });

/** A second-factor code the request cannot do without: at most 64 characters, trimmed, no control characters. */
export const secondFactorCode = (description: string) =>
  fields.text("Code", 64).meta({ type: "string", minLength: 1, maxLength: 64, description });

/** With two-factor on, the sensitive changes need a current code as well (step-up). */
export const stepUpCode = () =>
  fields.optionalText("Code", 64).meta({
    type: "string",
    maxLength: 64,
    description:
      "Required when the customer has two-factor on (code/required, code/invalid, code/already_used): the 6 digits the authenticator app " +
      "shows now, or an unused recovery code. Ignored otherwise.",
  });

export const totpEnrolmentResponse = successEnvelope(200, {
  secret: z.string().describe("The TOTP secret, base32: for typing into an authenticator app by hand. Shown once."),
  otpauth_url: z
    .string()
    .describe("otpauth://totp/… with the business's trading name as issuer: show it as a QR code to scan. Shown once."),
});

export const recoveryCodesResponse = successEnvelope(200, {
  recovery_codes: z
    .array(z.string())
    .describe(
      "Ten one-time codes (xxxxx-xxxxx), each usable once instead of a TOTP code. Shown this once, stored hashed.",
    ),
});

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

export const dataExportResponse = successEnvelope(200, { export: customerDataExportSchema });

export const sessionSchema = z
  .object({
    id: z.number().int().describe("Identifies the session in DELETE /client/v1/sessions/{id}"),
    current: z.boolean().describe("The session of the access token that made this request"),
    created_at: z.iso.datetime().describe("When the customer logged in (or registered), ISO 8601, UTC"),
    last_used_at: z.iso.datetime().describe("When the token was last used, to the minute, ISO 8601, UTC"),
    last_refreshed_at: z.iso
      .datetime()
      .nullable()
      .describe("When its tokens were last refreshed (POST /client/v1/token/refresh), ISO 8601, UTC; null if never"),
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
