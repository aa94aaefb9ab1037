-- Existing tokens and customers start at version 0 alike, so every token that works keeps working.
-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "credentials_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "login_tokens" ADD COLUMN     "credentials_version" INTEGER NOT NULL DEFAULT 0;
