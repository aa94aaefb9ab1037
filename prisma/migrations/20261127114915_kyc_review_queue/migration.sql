-- Issue 25, the back office's KYC review: the e-mails that tell the customer the outcome (verified
-- or rejected, never the reason: that stays internal), and an index for the review queue (the
-- dashboard's count of profiles awaiting review and the customer list filtered by kyc_status).
-- Appended enum values (PostgreSQL 12 and later, and PGlite, add several in one migration): no row
-- uses them until the code that writes them runs.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'kyc_verified';
ALTER TYPE "EmailTemplate" ADD VALUE 'kyc_rejected';

-- CreateIndex
CREATE INDEX "customers_kyc_status_idx" ON "customers"("kyc_status");
