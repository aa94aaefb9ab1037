-- Issue 30: the settings remember when staff last saved them (null: still the placeholders of the seed,
-- which the start output, the dashboard and the Settings page then say), and a staff sign-in whose
-- password was right but whose two-factor code was not has its own outcome.

-- AlterEnum
ALTER TYPE "SignInOutcome" ADD VALUE 'wrong_code';

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "edited_at" TIMESTAMP(3);

-- An installation whose settings staff already saved: the audit log has the save.
UPDATE "settings" SET "edited_at" = (
  SELECT max("created_at") FROM "audit_log" WHERE "resource" = 'settings' AND "action" = 'update'
);
