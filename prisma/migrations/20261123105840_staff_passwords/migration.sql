-- Issue 15, staff passwords: a credentials version per staff member (carried in the session),
-- single-use forgot-password links, their e-mail, and sign-ins in the audit log (e-mail, address,
-- browser, outcome). No row uses the new e-mail template until the code that writes it runs.

-- CreateEnum
CREATE TYPE "SignInOutcome" AS ENUM ('success', 'wrong_credentials', 'inactive', 'rate_limited');

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'staff_reset_password';

-- AlterTable
ALTER TABLE "audit_log" ADD COLUMN     "email" TEXT,
ADD COLUMN     "ip" VARCHAR(45),
ADD COLUMN     "outcome" "SignInOutcome",
ADD COLUMN     "user_agent" TEXT;

-- AlterTable
ALTER TABLE "staff" ADD COLUMN     "credentials_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "staff_password_tokens" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "staff_password_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_password_tokens_token_hash_key" ON "staff_password_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "staff_password_tokens_staff_id_idx" ON "staff_password_tokens"("staff_id");

-- AddForeignKey
ALTER TABLE "staff_password_tokens" ADD CONSTRAINT "staff_password_tokens_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE CASCADE ON UPDATE CASCADE;
