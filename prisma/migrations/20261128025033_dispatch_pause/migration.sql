-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'resume_dispatch';

-- AlterEnum
ALTER TYPE "AuditResource" ADD VALUE 'dispatch';

-- AlterEnum
ALTER TYPE "WebhookAttemptOutcome" ADD VALUE 'secret_unopenable';

-- CreateTable
CREATE TABLE "dispatch_pause" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "paused_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" TEXT NOT NULL,

    CONSTRAINT "dispatch_pause_pkey" PRIMARY KEY ("id"),
    -- One row at most: the pause is a state of the whole database, not a list.
    CONSTRAINT "dispatch_pause_one_row" CHECK ("id" = 1)
);
