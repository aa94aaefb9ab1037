-- The columns that hold one of a closed set of values become enums of exactly the values they held
-- as text, so every existing row converts as it is (and the API shows the same strings). Prisma's
-- own diff would drop and re-add the columns, losing their rows: the types are changed in place
-- instead. A default cannot be cast along with its column: it is dropped first, then set again.

-- CreateEnum
CREATE TYPE "CustomerSource" AS ENUM ('api', 'import');

-- CreateEnum
CREATE TYPE "TokenPurpose" AS ENUM ('verify_email', 'reset_password');

-- CreateEnum
CREATE TYPE "CustomerEventType" AS ENUM ('register', 'login', 'login_failed', 'forgot_password', 'password_reset', 'email_verified', 'logout');

-- CreateEnum
CREATE TYPE "EventOutcome" AS ENUM ('success', 'failure', 'rate_limited');

-- CreateEnum
CREATE TYPE "EmailTemplate" AS ENUM ('verify_email', 'reset_password');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('failed', 'pending', 'sent');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('admin', 'operations', 'compliance');

-- AlterTable
ALTER TABLE "customer_events" ALTER COLUMN "type" SET DATA TYPE "CustomerEventType" USING "type"::"CustomerEventType",
ALTER COLUMN "outcome" SET DATA TYPE "EventOutcome" USING "outcome"::"EventOutcome";

-- AlterTable
ALTER TABLE "customers" ALTER COLUMN "source" DROP DEFAULT,
ALTER COLUMN "source" SET DATA TYPE "CustomerSource" USING "source"::"CustomerSource",
ALTER COLUMN "source" SET DEFAULT 'api';

-- AlterTable
ALTER TABLE "email_outbox" ALTER COLUMN "template" SET DATA TYPE "EmailTemplate" USING "template"::"EmailTemplate",
ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" SET DATA TYPE "OutboxStatus" USING "status"::"OutboxStatus",
ALTER COLUMN "status" SET DEFAULT 'pending';

-- AlterTable
ALTER TABLE "email_tokens" ALTER COLUMN "purpose" SET DATA TYPE "TokenPurpose" USING "purpose"::"TokenPurpose";

-- AlterTable
ALTER TABLE "staff" ALTER COLUMN "role" SET DATA TYPE "StaffRole" USING "role"::"StaffRole";
