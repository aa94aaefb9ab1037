/** IANA zones as Node's Intl knows them, with their UTC offset at a given moment. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function utcOffset(zone: string, at = new Date()): string {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    formatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):?(\d{2})?$/.exec(name);
  return match ? `${match[1]}${match[2]}:${match[3] ?? "00"}` : "+00:00";
}

/** "Europe/London" → "London"; "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function locationLabel(zone: string): string {
  return zone.split("/").at(-1)!.replaceAll("_", " ");
}

export function niceName(offset: string, label: string): string {
  return `(UTC${offset}) ${label}`;
}

/** Area/Location zones only (no bare "UTC" or legacy aliases). */
export function ianaZones(): string[] {
  return Intl.supportedValuesOf("timeZone").filter((zone) => zone.includes("/"));
}

/** Minutes east of UTC, for ordering. */
export function offsetMinutes(offset: string): number {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(":").map(Number);
  return sign * (hours * 60 + minutes);
}
