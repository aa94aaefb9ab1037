import assert from "node:assert/strict";
import { test } from "node:test";
import { ianaZones, locationLabel, niceName, utcOffset } from "@/lib/reference-data/timezone-offsets";

test("a zone's offset is the one in force at the given moment (daylight saving included)", () => {
  assert.equal(utcOffset("Europe/London", new Date("2026-01-15T12:00:00Z")), "+00:00");
  assert.equal(utcOffset("Europe/London", new Date("2026-07-15T12:00:00Z")), "+01:00");
  assert.equal(utcOffset("America/New_York", new Date("2026-01-15T12:00:00Z")), "-05:00");
  assert.equal(utcOffset("Asia/Kathmandu", new Date("2026-01-15T12:00:00Z")), "+05:45");
  assert.equal(utcOffset("Africa/Abidjan"), "+00:00");
});

test("display names", () => {
  assert.equal(locationLabel("America/Argentina/Buenos_Aires"), "Buenos Aires");
  assert.equal(niceName("+01:00", "London"), "(UTC+01:00) London");
});

test("only Area/Location zones from Intl's IANA database", () => {
  const zones = ianaZones();
  assert.ok(zones.length > 300);
  assert.ok(zones.includes("Europe/London"));
  assert.ok(zones.every((zone) => zone.includes("/")));
});
