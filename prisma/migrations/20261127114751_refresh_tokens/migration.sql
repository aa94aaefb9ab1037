-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'refresh_token_reused';

-- AlterTable
ALTER TABLE "login_tokens" ADD COLUMN     "refresh_token_hash" TEXT,
ADD COLUMN     "refreshed_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "spent_refresh_tokens" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "login_token_id" INTEGER NOT NULL,
    "spent_at" TIMESTAMP(3) NOT NULL,
    "successor" TEXT,
    "successor_expires_at" TIMESTAMP(3),

    CONSTRAINT "spent_refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "spent_refresh_tokens_token_hash_key" ON "spent_refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "spent_refresh_tokens_login_token_id_idx" ON "spent_refresh_tokens"("login_token_id");

-- CreateIndex
CREATE INDEX "spent_refresh_tokens_successor_expires_at_idx" ON "spent_refresh_tokens"("successor_expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "login_tokens_refresh_token_hash_key" ON "login_tokens"("refresh_token_hash");

-- AddForeignKey
ALTER TABLE "spent_refresh_tokens" ADD CONSTRAINT "spent_refresh_tokens_login_token_id_fkey" FOREIGN KEY ("login_token_id") REFERENCES "login_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
