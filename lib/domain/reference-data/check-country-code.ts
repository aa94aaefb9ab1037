/**
 * A country code a customer gives (registration's `country`, a profile's country fields) judged
 * against the countries in memory (list-country-codes.ts): no query per call. Callers read the
 * codes before they open a transaction: a cache refresh is a query of its own, which on the
 * embedded database (one connection) would wait for that very transaction to end.
 */
import type { FieldError } from "@/lib/platform/errors/domain-error";

/**
 * The problem with `code` as field `param`, or undefined: `invalid` when no country of `codes`
 * (listCountryCodes) has that alpha-2 code; with `mustBeSource`, `not_source` when the country is
 * not a source country.
 */
export function checkCountryCode(
  codes: ReadonlyMap<string, boolean>,
  param: string,
  code: string,
  { mustBeSource = false } = {},
): FieldError | undefined {
  const isSource = codes.get(code);
  if (isSource === undefined)
    return { param, code: "invalid", message: `${code} is not a known ISO alpha-2 country code` };
  if (mustBeSource && !isSource) {
    return { param, code: "not_source", message: `${code} is not a country customers can register or send money from` };
  }
  return undefined;
}
