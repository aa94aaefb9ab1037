-- CreateEnum
CREATE TYPE "ScreeningMatchStatus" AS ENUM ('open', 'true_match', 'false_positive');

-- CreateEnum
CREATE TYPE "ScreeningRunStatus" AS ENUM ('running', 'finished', 'superseded');

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'screening_decision';

-- AlterEnum
ALTER TYPE "AuditResource" ADD VALUE 'screening_matches';

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "screening_due_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "screening_matches" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "list_id" INTEGER NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "list_version" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "customer_name" VARCHAR(201) NOT NULL,
    "matched_name" VARCHAR(500) NOT NULL,
    "identity_hash" VARCHAR(64) NOT NULL,
    "entry_content_hash" VARCHAR(64) NOT NULL,
    "status" "ScreeningMatchStatus" NOT NULL DEFAULT 'open',
    "reason" JSONB,
    "decided_by_id" INTEGER,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_runs" (
    "id" SERIAL NOT NULL,
    "versions_key" VARCHAR(2000) NOT NULL,
    "list_versions" JSONB NOT NULL,
    "status" "ScreeningRunStatus" NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL,
    "screened" INTEGER NOT NULL DEFAULT 0,
    "matches_opened" INTEGER NOT NULL DEFAULT 0,
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "leased_until" TIMESTAMP(3),
    "leased_by" VARCHAR(100),
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "screening_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "screening_matches_status_created_at_idx" ON "screening_matches"("status", "created_at");

-- CreateIndex
CREATE INDEX "screening_matches_customer_id_status_idx" ON "screening_matches"("customer_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "screening_matches_customer_id_entry_id_identity_hash_entry__key" ON "screening_matches"("customer_id", "entry_id", "identity_hash", "entry_content_hash");

-- CreateIndex
CREATE UNIQUE INDEX "screening_runs_versions_key_key" ON "screening_runs"("versions_key");

-- CreateIndex
CREATE INDEX "screening_runs_status_idx" ON "screening_runs"("status");

-- CreateIndex
CREATE INDEX "customers_screening_due_at_idx" ON "customers"("screening_due_at");

-- AddForeignKey
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "screening_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "screening_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "staff"("id") ON DELETE SET NULL ON UPDATE CASCADE;
