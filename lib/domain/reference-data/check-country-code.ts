/**
 * A country code a customer gives (registration's `country`, a profile's country fields) judged
 * against the reference data in memory (list-country-codes.ts): no query per call.
 */
import type { FieldError } from "@/lib/platform/errors/domain-error";
import { listCountryCodes } from "./list-country-codes";

/**
 * The problem with `code` as field `param`, or undefined: `invalid` when no country has that alpha-2
 * code; with `mustBeSource`, `not_source` when the country is not a source country.
 */
export async function checkCountryCode(
  param: string,
  code: string,
  { mustBeSource = false } = {},
): Promise<FieldError | undefined> {
  const isSource = (await listCountryCodes()).get(code);
  if (isSource === undefined)
    return { param, code: "invalid", message: `${code} is not a known ISO alpha-2 country code` };
  if (mustBeSource && !isSource) {
    return { param, code: "not_source", message: `${code} is not a country customers can register or send money from` };
  }
  return undefined;
}
