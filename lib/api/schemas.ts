import { z } from "zod";
import { fields } from "./input";

/**
 * The zod schemas of /client/v1: request bodies are validated with them, response bodies are
 * shaped by them, and the OpenAPI document is generated from them (lib/api/openapi.ts).
 */
const successEnvelope = <T extends z.ZodRawShape>(status: number, shape: T) =>
  z.object({ code: z.literal(status), message: z.literal("Success"), ...shape });

export const countrySchema = z
  .object({
    known_name: z.string(),
    official_name: z.string(),
    endonym: z.string(),
    demonym: z.string(),
    isd_code: z.number().int().describe("International dialling code without +"),
    iso_code_alpha2: z.string().length(2),
    iso_code_alpha3: z.string().length(3),
    fips_code: z.string().describe('FIPS 10-4 code; "" where none exists'),
    slug: z.string(),
  });

export const countriesResponse = successEnvelope(200, { countries: z.array(countrySchema) });

export const settingsSchema = z
  .object({
    trading_name: z.string(),
    company_name: z.string(),
    tag_line: z.string(),
    license: z.string(),
    cs_number: z.string(),
    cs_email: z.string(),
    hq_address: z.string(),
    hq_city: z.string(),
    hq_region: z.string().describe('May be ""'),
    hq_postcode: z.string(),
    hq_country: z.string(),
    locales: z.array(z.object({ id: z.string(), label: z.string() })),
    timezones: z.array(
      z.object({
        id: z.string().describe("IANA zone, Area/Location"),
        offset: z.string().describe("Current UTC offset, +HH:MM or -HH:MM"),
        nice: z.string().describe('Display name, e.g. "(UTC+01:00) London"'),
      }),
    ),
  });

export const settingsResponse = successEnvelope(200, { settings: settingsSchema });

export const errorResponse = z
  .object({
    code: z.number().int(),
    type: z.enum(["invalid_request_error", "authentication_error", "permission_error", "rate_limit_error", "api_error"]),
    message: z.string(),
    errors: z
      .array(z.object({ param: z.string(), code: z.string(), message: z.string() }))
      .optional()
      .describe("One entry per problem, on validation failures"),
  });


// Customer accounts. Field names and error codes are the apps' contract (README, "API").
export const registerRequest = z.object({
  email: fields.email(),
  password: fields.password(),
  confirm_password: fields.secret("Password confirmation"),
  email_verification_url: fields.tokenUrl("E-mail verification URL"),
});

export const loginRequest = z.object({
  email: fields.email(),
  password: fields.secret("Password"),
});

export const forgotPasswordRequest = z.object({
  email: fields.email(),
  reset_password_url: fields.tokenUrl("Reset password URL"),
});

export const resetPasswordRequest = z.object({
  token: fields.secret("Token"),
  password: fields.password(),
  confirm_password: fields.secret("Password confirmation"),
});

export const verifyEmailRequest = z.object({
  token: fields.secret("Token"),
});

export const tokenResponse = (status: 200 | 201) =>
  successEnvelope(status, { token: z.string().describe("Login token: send it as Authorization: Bearer <token>") });

export const recipientResponse = successEnvelope(200, {
  recipient: z.string().describe("The address the e-mail went to, masked, e.g. an********@example.org"),
});

export const plainSuccessResponse = successEnvelope(200, {});

export const meResponse = successEnvelope(200, {
  customer: z.object({
    email: z.string(),
    email_verified: z.boolean(),
    created_at: z.string().describe("ISO 8601"),
  }),
});
