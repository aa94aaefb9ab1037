-- CreateEnum
CREATE TYPE "RetentionTrigger" AS ENUM ('schedule', 'command_line');

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "pseudonymised_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "retention_runs" (
    "id" SERIAL NOT NULL,
    "trigger" "RetentionTrigger" NOT NULL,
    "scheduled_day" DATE,
    "started_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),
    "cutoff" TIMESTAMP(3) NOT NULL,
    "accounts_pseudonymised" INTEGER NOT NULL DEFAULT 0,
    "accounts_held" INTEGER NOT NULL DEFAULT 0,
    "events_stripped" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,

    CONSTRAINT "retention_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "retention_runs_scheduled_day_key" ON "retention_runs"("scheduled_day");

-- CreateIndex
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs"("started_at");
