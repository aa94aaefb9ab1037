import assert from "node:assert/strict";
import { test } from "node:test";
import { db } from "@/lib/platform/db";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { DEFAULT_LOCALES, DEFAULT_SOURCE_COUNTRIES, seed } from "@/lib/domain/reference-data/seed-reference-data";
import { ianaZones } from "@/lib/domain/reference-data/timezone-offsets";
import { startTestDatabase } from "./support/app";

await startTestDatabase();

test("a new database gets every country, the default sources, locales, timezones and settings", async () => {
  assert.equal(await db().country.count(), 250);
  const sources = await db().country.findMany({ where: { isSource: true }, select: { isoCodeAlpha2: true } });
  assert.deepEqual(sources.map((c) => c.isoCodeAlpha2).sort(), [...DEFAULT_SOURCE_COUNTRIES].sort());
  assert.equal(await db().locale.count(), DEFAULT_LOCALES.length);
  assert.equal(await db().timezone.count(), ianaZones().size);
  const settings = await db().settings.findUniqueOrThrow({ where: { id: 1 } });
  assert.match(settings.tradingName, /placeholder/i, "placeholder details are marked as such");
});

test("seeding again adds nothing and overwrites nothing staff edited", async () => {
  await db().settings.update({ where: { id: 1 }, data: { tradingName: "Real Remit" } });
  await db().country.update({ where: { isoCodeAlpha2: "NG" }, data: { isSource: true } });
  await db().country.update({ where: { isoCodeAlpha2: "GB" }, data: { knownName: "Britain (edited)" } });
  await db().locale.update({ where: { id: "fr_FR" }, data: { enabled: false, label: "French" } });
  await db().timezone.update({ where: { id: "Europe/London" }, data: { label: "London (HQ)" } });

  assert.deepEqual(await seed(), { countries: 0, locales: 0, timezones: 0, settings: 0 });

  assert.equal((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).tradingName, "Real Remit");
  assert.equal((await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: "NG" } })).isSource, true);
  assert.equal(
    (await db().country.findUniqueOrThrow({ where: { isoCodeAlpha2: "GB" } })).knownName,
    "Britain (edited)",
  );
  const french = await db().locale.findUniqueOrThrow({ where: { id: "fr_FR" } });
  assert.deepEqual([french.enabled, french.label], [false, "French"]);
  assert.equal((await db().timezone.findUniqueOrThrow({ where: { id: "Europe/London" } })).label, "London (HQ)");
});

test("`npm start` seeds only an empty database, so a deleted default stays deleted", async () => {
  await db().locale.delete({ where: { id: "pt_PT" } });
  await prepareDatabase();
  assert.equal(await db().locale.count({ where: { id: "pt_PT" } }), 0);
  // An explicit `npm run db:seed` brings a missing default back.
  assert.equal((await seed()).locales, 1);
});
