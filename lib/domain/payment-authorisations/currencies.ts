/**
 * The ISO 4217 currencies a payment may be in, with their minor units (the digits after the decimal
 * point), from ISO 4217 List One as the maintenance agency (SIX Group) publishes it
 * (https://www.six-group.com/en/products-services/financial-information/data-standards.html),
 * read for amendment 179 (2025): the national currencies in use, without the fund codes (BOV, CHE,
 * CHW, CLF, COU, MXV, USN, UYI, UYW), precious metals, SDR, test codes and withdrawn currencies (ANG
 * after XCG, HRK, SLL, ZWL). Intl's digits are not ISO's (CLDR says 0 for IDR, HUF, COP, IQD, MGA, …:
 * cash, not the standard), so the table is kept here rather than derived.
 */

/** Every code not listed has 2 minor units. */
const ZERO_DECIMALS = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF";
const THREE_DECIMALS = "BHD IQD JOD KWD LYD OMR TND";
const TWO_DECIMALS =
  "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP CRC " +
  "CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD " +
  "KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO " +
  "NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL " +
  "THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG";

const MINOR_UNITS = new Map<string, number>([
  ...ZERO_DECIMALS.split(" ").map((code) => [code, 0] as const),
  ...TWO_DECIMALS.split(" ").map((code) => [code, 2] as const),
  ...THREE_DECIMALS.split(" ").map((code) => [code, 3] as const),
]);

/** The minor units of `code` (upper case, as ISO writes it), or undefined for no currency in use. */
export function minorUnits(code: string): number | undefined {
  return MINOR_UNITS.get(code);
}
