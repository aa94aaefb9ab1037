-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "CustomerEventType" ADD VALUE 'mfa_enabled';
ALTER TYPE "CustomerEventType" ADD VALUE 'mfa_disabled';
ALTER TYPE "CustomerEventType" ADD VALUE 'mfa_reset_by_staff';
ALTER TYPE "CustomerEventType" ADD VALUE 'recovery_code_used';
ALTER TYPE "CustomerEventType" ADD VALUE 'login_mfa_failed';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EmailTemplate" ADD VALUE 'mfa_enabled';
ALTER TYPE "EmailTemplate" ADD VALUE 'mfa_disabled';
ALTER TYPE "EmailTemplate" ADD VALUE 'recovery_code_used';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "totp_enabled_at" TIMESTAMP(3),
ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_pending_secret_encrypted" TEXT,
ADD COLUMN     "totp_secret_encrypted" TEXT;

-- CreateTable
CREATE TABLE "customer_recovery_codes" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,

    CONSTRAINT "customer_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_mfa_tokens" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "api_client_id" INTEGER NOT NULL,
    "credentials_version" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "customer_mfa_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customer_recovery_codes_customer_id_code_hash_key" ON "customer_recovery_codes"("customer_id", "code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "customer_mfa_tokens_token_hash_key" ON "customer_mfa_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "customer_mfa_tokens_customer_id_idx" ON "customer_mfa_tokens"("customer_id");

-- AddForeignKey
ALTER TABLE "customer_recovery_codes" ADD CONSTRAINT "customer_recovery_codes_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_mfa_tokens" ADD CONSTRAINT "customer_mfa_tokens_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
