-- CreateEnum
CREATE TYPE "PaymentAuthorisationStatus" AS ENUM ('pending', 'approved', 'expired', 'failed');

-- CreateEnum
CREATE TYPE "ScaMethod" AS ENUM ('passkey', 'totp');

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'lift_sca_lock';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "CustomerEventType" ADD VALUE 'payment_authorised';
ALTER TYPE "CustomerEventType" ADD VALUE 'payment_authorisation_failed';
ALTER TYPE "CustomerEventType" ADD VALUE 'sca_locked';
ALTER TYPE "CustomerEventType" ADD VALUE 'sca_lock_lifted_by_staff';

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'sca_locked';

-- AlterEnum
ALTER TYPE "WebhookEventType" ADD VALUE 'customer_sca_locked';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "sca_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sca_locked_until" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "payment_authorisations" (
    "id" TEXT NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "api_client_id" INTEGER NOT NULL,
    "amount" VARCHAR(20) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "payee_name" VARCHAR(140) NOT NULL,
    "payee_iban" VARCHAR(34) NOT NULL,
    "reference" VARCHAR(140),
    "nonce" TEXT NOT NULL,
    "status" "PaymentAuthorisationStatus" NOT NULL DEFAULT 'pending',
    "method" "ScaMethod",
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "decided_at" TIMESTAMP(3),
    "signing_key_id" TEXT,
    "approval_expires_at" TIMESTAMP(3),

    CONSTRAINT "payment_authorisations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_authorisations_customer_id_created_at_idx" ON "payment_authorisations"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_authorisations_signing_key_id_approval_expires_at_idx" ON "payment_authorisations"("signing_key_id", "approval_expires_at");

-- AddForeignKey
ALTER TABLE "payment_authorisations" ADD CONSTRAINT "payment_authorisations_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
