/**
 * IANA zones and their UTC offsets, from the tz database moment-timezone ships (docs/api.md, "Time
 * zones"), not from Node's Intl: Node bundles the tz data of its own release and falls behind
 * every change of rules made after it (British Columbia and Alberta in 2026). An offset is worked
 * out from the zone's packed data and kept until the zone's next change of offset, not through
 * moment.tz.zone(), which keeps every zone it unpacks: the settings body's 418 zones held 6 MB of
 * every server process for as long as it ran (docs/performance.md, "Memory at rest").
 */
import { requireFromProjectRoot } from "@/lib/platform/runtime/project-require";
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

/** The packed data moment-timezone loaded (the same module, from Node's cache), its zones by name. */
let packedZones: Map<string, string> | undefined;

/** A zone's name as moment.tz.zone() matches it: case aside, "/" as "_". */
const normalName = (zone: string) => zone.toLowerCase().replaceAll("/", "_");

/**
 * A zone's packed data, its name matched as moment.tz.zone() matches it (a link's name as the zone
 * it links to), read from the package the project's root finds.
 */
function packedZone(name: string): string | undefined {
  if (!packedZones) {
    const data: { zones: string[]; links: string[] } = requireFromProjectRoot()(
      "moment-timezone/data/packed/latest.json",
    );
    packedZones = new Map(data.zones.map((packed) => [normalName(packed.slice(0, packed.indexOf("|"))), packed]));
    for (const link of data.links) {
      const [target, alias] = link.split("|");
      const packed = packedZones.get(normalName(target));
      if (packed && !packedZones.has(normalName(alias))) packedZones.set(normalName(alias), packed);
    }
  }
  return packedZones.get(normalName(name));
}

/** Each zone's offset asked for so far (minutes west of UTC, as moment counts), and from when until when it holds. */
const periods = new Map<string, { offset: number; from: number; until: number }>();

/** The zone's offset at `time`, in minutes west of UTC; undefined for a name the database does not know. */
function offsetWest(zone: string, time: number): number | undefined {
  const known = periods.get(zone);
  if (known && time >= known.from && time < known.until) return known.offset;
  const packed = packedZone(zone);
  if (packed === undefined) return undefined;
  // The last change is at Infinity: every time but NaN falls before one.
  const { untils, offsets } = moment.tz.unpack(packed);
  const index = untils.findIndex((until) => time < until);
  if (index < 0) return moment.tz.zone(zone)?.utcOffset(time); // an invalid date: moment's answer, whatever it is
  periods.set(zone, { offset: offsets[index], from: index > 0 ? untils[index - 1] : -Infinity, until: untils[index] });
  return offsets[index];
}

/** The zone's UTC offset in force at `at`, as "+05:45" ("+00:00" for a name the database does not know). */
export function utcOffset(zone: string, at = new Date()): string {
  const minutes = -(offsetWest(zone, at.getTime()) ?? 0);
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
