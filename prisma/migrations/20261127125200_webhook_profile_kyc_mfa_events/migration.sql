-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "WebhookEventType" ADD VALUE 'customer_profile_updated';
ALTER TYPE "WebhookEventType" ADD VALUE 'customer_kyc_status_changed';
ALTER TYPE "WebhookEventType" ADD VALUE 'customer_mfa_enabled';
ALTER TYPE "WebhookEventType" ADD VALUE 'customer_mfa_disabled';
