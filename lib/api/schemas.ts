import { z } from "zod";
import { confirmPasswordCheck, fields } from "./input";

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

export { confirmPasswordCheck, fields };
