-- A row per limited key instead of a row per hit: an attempt updates its key's row, whose lock makes
-- concurrent attempts take their turn (see lib/rate-limit.ts).
-- CreateTable
CREATE TABLE "rate_limits" (
    "bucket" TEXT NOT NULL,
    "key" VARCHAR(64) NOT NULL,
    "hits" TIMESTAMP(3)[],
    "counted" BOOLEAN NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("bucket","key")
);

-- CreateIndex
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits"("expires_at");

-- The attempts of the last day carry over, so deploying this hands out no fresh allowances. Keys
-- longer than 64 bytes become their SHA-256, as lib/rate-limit.ts stores them.
INSERT INTO "rate_limits" ("bucket", "key", "hits", "counted", "expires_at")
SELECT "bucket",
       CASE WHEN octet_length("key") > 64 THEN encode(sha256(convert_to("key", 'UTF8')), 'hex') ELSE "key" END,
       array_agg("created_at" ORDER BY "created_at"),
       true,
       max("created_at") + interval '1 day'
FROM "rate_limit_hits"
WHERE "created_at" > (now() AT TIME ZONE 'UTC') - interval '1 day'
GROUP BY 1, 2;

-- DropTable
DROP TABLE "rate_limit_hits";
