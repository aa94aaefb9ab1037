-- Issue 30: time zones by their current IANA names (zone.tab of the tz database), where the seed took
-- the old ones the Intl of Node still uses (Europe/Kiev, Asia/Calcutta, …). A row keeps its place,
-- enabled flag and edited label, and a label that was the default of the old name becomes that of the new one.
-- Where a row of the new name exists already, the old row goes (the same place twice). Nothing
-- else refers to a time zone, and audit entries keep the name they were written with.

CREATE TEMPORARY TABLE "renamed_zones" ("legacy" TEXT PRIMARY KEY, "canonical" TEXT NOT NULL, "legacy_label" TEXT NOT NULL, "label" TEXT NOT NULL);
INSERT INTO "renamed_zones" VALUES
  ('Africa/Asmera', 'Africa/Asmara', 'Asmera', 'Asmara'),
  ('America/Buenos_Aires', 'America/Argentina/Buenos_Aires', 'Buenos Aires', 'Buenos Aires'),
  ('America/Catamarca', 'America/Argentina/Catamarca', 'Catamarca', 'Catamarca'),
  ('America/Coral_Harbour', 'America/Atikokan', 'Coral Harbour', 'Atikokan'),
  ('America/Cordoba', 'America/Argentina/Cordoba', 'Cordoba', 'Cordoba'),
  ('America/Godthab', 'America/Nuuk', 'Godthab', 'Nuuk'),
  ('America/Indianapolis', 'America/Indiana/Indianapolis', 'Indianapolis', 'Indianapolis'),
  ('America/Jujuy', 'America/Argentina/Jujuy', 'Jujuy', 'Jujuy'),
  ('America/Louisville', 'America/Kentucky/Louisville', 'Louisville', 'Louisville'),
  ('America/Mendoza', 'America/Argentina/Mendoza', 'Mendoza', 'Mendoza'),
  ('Asia/Calcutta', 'Asia/Kolkata', 'Calcutta', 'Kolkata'),
  ('Asia/Katmandu', 'Asia/Kathmandu', 'Katmandu', 'Kathmandu'),
  ('Asia/Rangoon', 'Asia/Yangon', 'Rangoon', 'Yangon'),
  ('Asia/Saigon', 'Asia/Ho_Chi_Minh', 'Saigon', 'Ho Chi Minh'),
  ('Atlantic/Faeroe', 'Atlantic/Faroe', 'Faeroe', 'Faroe'),
  ('Europe/Kiev', 'Europe/Kyiv', 'Kiev', 'Kyiv'),
  ('Pacific/Enderbury', 'Pacific/Kanton', 'Enderbury', 'Kanton'),
  ('Pacific/Ponape', 'Pacific/Pohnpei', 'Ponape', 'Pohnpei'),
  ('Pacific/Truk', 'Pacific/Chuuk', 'Truk', 'Chuuk');

DELETE FROM "timezones" AS "zone" USING "renamed_zones" AS "renamed"
WHERE "zone"."id" = "renamed"."legacy"
  AND EXISTS (SELECT 1 FROM "timezones" WHERE "id" = "renamed"."canonical");

UPDATE "timezones" AS "zone"
SET "id" = "renamed"."canonical",
    "label" = CASE WHEN "zone"."label" = "renamed"."legacy_label" THEN "renamed"."label" ELSE "zone"."label" END,
    "updated_at" = CURRENT_TIMESTAMP
FROM "renamed_zones" AS "renamed"
WHERE "zone"."id" = "renamed"."legacy";

DROP TABLE "renamed_zones";

-- Running instances serve the new names at once (lib/cache/versioned-cache.ts).
UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "key" = 'reference';
