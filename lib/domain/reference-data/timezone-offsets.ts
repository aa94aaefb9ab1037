/**
 * IANA zones and their UTC offsets, from the tz database moment-timezone ships (docs/api.md, "Time
 * zones"), not from Node's Intl: Node bundles the tz data of its own release and falls behind
 * every change of rules made after it (British Columbia and Alberta in 2026).
 */
import moment from "moment-timezone";

/** The tz database's release, e.g. "2026f". */
export const TZ_DATABASE_VERSION: string = moment.tz.dataVersion;

let zoneNames: ReadonlySet<string> | undefined;

/**
 * The zones the tz database offers for choosing a place (its zone.tab, one or more per country):
 * canonical names only, so Europe/Kyiv and not Europe/Kiev.
 */
export function ianaZones(): ReadonlySet<string> {
  zoneNames ??= new Set(moment.tz.countries().flatMap((country) => moment.tz.zonesForCountry(country)));
  return zoneNames;
}

/** The zone's UTC offset in force at `at`, as "+05:45" ("+00:00" for a name the database does not know). */
export function utcOffset(zone: string, at = new Date()): string {
  // moment counts minutes west of UTC.
  const minutes = -(moment.tz.zone(zone)?.utcOffset(at.getTime()) ?? 0);
  const hours = Math.floor(Math.abs(minutes) / 60);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${minutes < 0 ? "-" : "+"}${pad(hours)}:${pad(Math.abs(minutes) % 60)}`;
}

/** "Europe/London" → "London"; "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function locationLabel(zone: string): string {
  return zone.split("/").at(-1)!.replaceAll("_", " ");
}

export function niceName(offset: string, label: string): string {
  return `(UTC${offset}) ${label}`;
}

/** Minutes east of UTC, for ordering. */
export function offsetMinutes(offset: string): number {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(":").map(Number);
  return sign * (hours * 60 + minutes);
}
