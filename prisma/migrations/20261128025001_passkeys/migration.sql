-- CreateEnum
CREATE TYPE "PasskeyChallengePurpose" AS ENUM ('registration', 'authentication');

-- CreateEnum
CREATE TYPE "PasskeyDeviceType" AS ENUM ('single_device', 'multi_device');

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'remove_passkey';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "CustomerEventType" ADD VALUE 'passkey_added';
ALTER TYPE "CustomerEventType" ADD VALUE 'passkey_removed';
ALTER TYPE "CustomerEventType" ADD VALUE 'passkey_removed_by_staff';
ALTER TYPE "CustomerEventType" ADD VALUE 'passkey_counter_regressed';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EmailTemplate" ADD VALUE 'passkey_added';
ALTER TYPE "EmailTemplate" ADD VALUE 'passkey_removed';
ALTER TYPE "EmailTemplate" ADD VALUE 'passkey_cloned';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "RateLimitBucket" ADD VALUE 'passkey_challenge_account';
ALTER TYPE "RateLimitBucket" ADD VALUE 'passkey_challenge_ip';
ALTER TYPE "RateLimitBucket" ADD VALUE 'passkey_login_credential';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "WebhookEventType" ADD VALUE 'customer_passkey_added';
ALTER TYPE "WebhookEventType" ADD VALUE 'customer_passkey_removed';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "passkey_user_handle" TEXT;

-- CreateTable
CREATE TABLE "passkeys" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "sign_count" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "device_type" "PasskeyDeviceType" NOT NULL,
    "backed_up" BOOLEAN NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "api_client_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passkey_challenges" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "purpose" "PasskeyChallengePurpose" NOT NULL,
    "challenge" TEXT NOT NULL,
    "customer_id" INTEGER,
    "api_client_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "passkey_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "passkeys_customer_id_idx" ON "passkeys"("customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "passkey_challenges_token_hash_key" ON "passkey_challenges"("token_hash");

-- CreateIndex
CREATE INDEX "passkey_challenges_customer_id_idx" ON "passkey_challenges"("customer_id");

-- CreateIndex
CREATE INDEX "passkey_challenges_expires_at_idx" ON "passkey_challenges"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "customers_passkey_user_handle_key" ON "customers"("passkey_user_handle");

-- AddForeignKey
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
