import assert from "node:assert/strict";
import { test } from "node:test";
import {
  TZ_DATABASE_VERSION,
  ianaZones,
  locationLabel,
  niceName,
  utcOffset,
} from "@/lib/domain/reference-data/timezone-offsets";
import { LEGACY_ZONES } from "./support/time-zones";

test("a zone's offset is the one in force at the given moment (daylight saving included)", () => {
  assert.equal(utcOffset("Europe/London", new Date("2026-01-15T12:00:00Z")), "+00:00");
  assert.equal(utcOffset("Europe/London", new Date("2026-07-15T12:00:00Z")), "+01:00");
  assert.equal(utcOffset("America/New_York", new Date("2026-01-15T12:00:00Z")), "-05:00");
  assert.equal(utcOffset("Asia/Kathmandu", new Date("2026-01-15T12:00:00Z")), "+05:45");
  assert.equal(utcOffset("America/St_Johns", new Date("2026-01-15T12:00:00Z")), "-03:30");
  assert.equal(utcOffset("Africa/Abidjan"), "+00:00");
});

test("the rules of 2026: British Columbia stays on UTC−7 from March, Alberta on UTC−6 from November", () => {
  assert.ok(TZ_DATABASE_VERSION >= "2026b", `tz database ${TZ_DATABASE_VERSION} has Alberta's rule`);
  // Before the changes, as every tz database had them.
  assert.equal(utcOffset("America/Vancouver", new Date("2026-01-15T12:00:00Z")), "-08:00");
  assert.equal(utcOffset("America/Edmonton", new Date("2026-01-15T12:00:00Z")), "-07:00");
  // Node's own tz data (2025c) says -08:00 and -07:00 here.
  assert.equal(utcOffset("America/Vancouver", new Date("2026-11-25T12:00:00Z")), "-07:00");
  assert.equal(utcOffset("America/Edmonton", new Date("2026-11-25T12:00:00Z")), "-06:00");
  assert.equal(utcOffset("America/Vancouver", new Date("2027-01-15T12:00:00Z")), "-07:00");
  assert.equal(utcOffset("America/Edmonton", new Date("2027-01-15T12:00:00Z")), "-06:00");
  // Alberta's last change of clocks: MDT until 2026-11-01 08:00 UTC, then UTC−6 all year.
  assert.equal(utcOffset("America/Edmonton", new Date("2026-11-01T07:59:00Z")), "-06:00");
  assert.equal(utcOffset("America/Edmonton", new Date("2026-11-01T08:01:00Z")), "-06:00");
  // Its neighbours keep changing.
  assert.equal(utcOffset("America/Denver", new Date("2026-11-25T12:00:00Z")), "-07:00");
  assert.equal(utcOffset("America/Los_Angeles", new Date("2026-11-25T12:00:00Z")), "-08:00");
});

test("display names", () => {
  assert.equal(locationLabel("America/Argentina/Buenos_Aires"), "Buenos Aires");
  assert.equal(niceName("+01:00", "London"), "(UTC+01:00) London");
});

test("the zones are the tz database's current names, never an old spelling", () => {
  const zones = ianaZones();
  assert.ok(zones.size > 400);
  for (const [legacy, current] of Object.entries(LEGACY_ZONES)) {
    assert.ok(!zones.has(legacy), legacy);
    assert.ok(zones.has(current), current);
  }
  for (const zone of zones) assert.match(zone, /^[A-Z][A-Za-z]+\/[A-Za-z0-9_\-+/]+$/);
});
