-- CreateEnum
CREATE TYPE "KycStatus" AS ENUM ('not_submitted', 'pending_review', 'verified', 'rejected');

-- CreateEnum
CREATE TYPE "RiskRating" AS ENUM ('low', 'medium', 'high');

-- CreateEnum
CREATE TYPE "KycDecisionKind" AS ENUM ('status', 'risk');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "CustomerEventType" ADD VALUE 'profile_updated';
ALTER TYPE "CustomerEventType" ADD VALUE 'profile_submitted';
ALTER TYPE "CustomerEventType" ADD VALUE 'kyc_status_changed';
ALTER TYPE "CustomerEventType" ADD VALUE 'risk_rating_changed';

-- AlterTable
ALTER TABLE "customer_events" ADD COLUMN     "changed_fields" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "address_city" VARCHAR(100),
ADD COLUMN     "address_country" VARCHAR(2),
ADD COLUMN     "address_line1" VARCHAR(200),
ADD COLUMN     "address_line2" VARCHAR(200),
ADD COLUMN     "address_postcode" VARCHAR(20),
ADD COLUMN     "address_region" VARCHAR(100),
ADD COLUMN     "country_of_residence" VARCHAR(2),
ADD COLUMN     "date_of_birth" DATE,
ADD COLUMN     "family_name" VARCHAR(100),
ADD COLUMN     "given_names" VARCHAR(100),
ADD COLUMN     "kyc_status" "KycStatus" NOT NULL DEFAULT 'not_submitted',
ADD COLUMN     "nationality" VARCHAR(2),
ADD COLUMN     "pep" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "phone" VARCHAR(16),
ADD COLUMN     "profile_updated_at" TIMESTAMP(3),
ADD COLUMN     "risk_rating" "RiskRating",
ADD COLUMN     "sanctions_hit" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "customer_profile_changes" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "kyc_reset" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_profile_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "kyc_decisions" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "staff_id" INTEGER,
    "kind" "KycDecisionKind" NOT NULL,
    "kyc_status" "KycStatus",
    "risk_rating" "RiskRating",
    "pep" BOOLEAN,
    "sanctions_hit" BOOLEAN,
    "reason" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "kyc_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "customer_profile_changes_customer_id_created_at_idx" ON "customer_profile_changes"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "kyc_decisions_customer_id_created_at_idx" ON "kyc_decisions"("customer_id", "created_at");

-- AddForeignKey
ALTER TABLE "customer_profile_changes" ADD CONSTRAINT "customer_profile_changes_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE SET NULL ON UPDATE CASCADE;
