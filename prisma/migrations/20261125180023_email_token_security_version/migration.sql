-- Issue 23, item 1: every outstanding e-mail token of an account dies with every security event on
-- it. Each event raises the account's security version, and an e-mail token records the version it
-- was issued under and works only while that is still the account's. Every account starts at 0, and
-- so do the tokens already issued. The tokens' column then loses its default, so that no token can
-- be stored without the version.

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "security_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "email_tokens" ADD COLUMN     "security_version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "email_tokens" ALTER COLUMN "security_version" DROP DEFAULT;
