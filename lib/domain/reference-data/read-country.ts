/** One country as the back office sees it. */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { toCountryRecord, type CountryRecord } from "./country-record";

export async function readCountry(id: number): Promise<CountryRecord> {
  const country = await db().country.findUnique({ where: { id } });
  if (!country) throw notFound();
  return toCountryRecord(country);
}
