-- Issue 14: the notice e-mail closing an account sends, to the address the account had.
-- No row uses the value until the code that writes it runs.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'account_closed';
