-- Issue 15: staff resend the verification e-mail with the link template the customer registered
-- with, kept from now on (accounts registered before keep none), and find linked accounts by
-- device fingerprint and address, which the two new indexes answer.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'verification_resent_by_staff';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "email_verification_url" TEXT;

-- CreateIndex
CREATE INDEX "customer_events_fingerprint_customer_id_created_at_idx" ON "customer_events"("fingerprint", "customer_id", "created_at");

-- CreateIndex
CREATE INDEX "customer_events_ip_customer_id_created_at_idx" ON "customer_events"("ip", "customer_id", "created_at");
