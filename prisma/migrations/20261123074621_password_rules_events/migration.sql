-- Issue 14: the account events of changing a password and of resending the verification e-mail,
-- and the notice e-mail a password change sends. Appended values (PostgreSQL 12 and later, and
-- PGlite, add several in one migration): no row uses them until the code that writes them runs.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'password_changed';
ALTER TYPE "CustomerEventType" ADD VALUE 'verification_resent';

-- AlterEnum
ALTER TYPE "EmailTemplate" ADD VALUE 'password_changed';
