-- Issue 15: compliance may block an account, unblock it, and sign it out everywhere.
-- No row uses the new event types until the code that writes them runs.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'blocked';
ALTER TYPE "CustomerEventType" ADD VALUE 'unblocked';
ALTER TYPE "CustomerEventType" ADD VALUE 'sessions_revoked_by_staff';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN "blocked_at" TIMESTAMP(3);
