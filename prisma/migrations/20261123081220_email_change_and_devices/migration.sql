-- Issue 14, e-mail changes and new-device alerts. Appended enum values (PostgreSQL 12 and later,
-- and PGlite, add several in one migration): no row uses them until the code that writes them runs.
-- A change_email token carries the address it changes to (email_tokens.new_email). customer_devices
-- holds the fingerprints each customer registered or logged in with, filled here from the events of
-- past registrations and logins (and their login tokens), so no device already used alerts.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'email_change_requested';
ALTER TYPE "CustomerEventType" ADD VALUE 'email_changed';
ALTER TYPE "CustomerEventType" ADD VALUE 'new_device_alert';

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'change_email';
ALTER TYPE "EmailTemplate" ADD VALUE 'email_change_notice';
ALTER TYPE "EmailTemplate" ADD VALUE 'new_device';

-- AlterEnum
ALTER TYPE "TokenPurpose" ADD VALUE 'change_email';

-- AlterTable
ALTER TABLE "email_tokens" ADD COLUMN     "new_email" TEXT;

-- CreateTable
CREATE TABLE "customer_devices" (
    "customer_id" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "first_seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customer_devices_pkey" PRIMARY KEY ("customer_id","fingerprint")
);

-- AddForeignKey
ALTER TABLE "customer_devices" ADD CONSTRAINT "customer_devices_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The devices already seen
INSERT INTO "customer_devices" ("customer_id", "fingerprint", "first_seen_at")
SELECT "customer_id", "fingerprint", min("seen_at") FROM (
    SELECT "customer_id", "fingerprint", "created_at" AS "seen_at" FROM "customer_events"
    WHERE "customer_id" IS NOT NULL AND "fingerprint" <> '' AND "outcome" = 'success' AND "type" IN ('register', 'login')
    UNION ALL
    SELECT "customer_id", "fingerprint", "created_at" FROM "login_tokens" WHERE "fingerprint" <> ''
) AS "seen"
GROUP BY "customer_id", "fingerprint";
