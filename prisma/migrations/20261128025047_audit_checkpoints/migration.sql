-- CreateEnum
CREATE TYPE "AuditCheckpointTrigger" AS ENUM ('verify', 'export', 'schedule');

-- CreateTable
CREATE TABLE "signing_keys" (
    "id" TEXT NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMP(3),

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" SERIAL NOT NULL,
    "position" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "jws" TEXT NOT NULL,
    "trigger" "AuditCheckpointTrigger" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "signing_keys_retired_at_created_at_idx" ON "signing_keys"("retired_at", "created_at");

-- CreateIndex
CREATE INDEX "audit_checkpoints_position_idx" ON "audit_checkpoints"("position");
