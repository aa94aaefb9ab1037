-- The audit log's action and resource and the rate limits' bucket become enums of exactly the values
-- the code writes as text, so every existing row converts as it is (and the admin API shows the same
-- strings). Prisma's own diff would drop and re-add the columns, losing their rows: the types are
-- changed in place instead. The primary key of rate_limits is rebuilt along with its column.

-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('block', 'change_password', 'create', 'delete', 'export', 'request_password_reset', 'resend', 'resend_verification', 'reset_password', 'reset_password_by_link', 'revoke', 'revoke_sessions', 'rotate_secret', 'sign_in', 'sign_out', 'two_factor_enabled', 'two_factor_enrolment_started', 'two_factor_reset', 'unblock', 'update');

-- CreateEnum
CREATE TYPE "AuditResource" AS ENUM ('clients', 'countries', 'customers', 'locales', 'outbox', 'settings', 'staff', 'timezones');

-- CreateEnum
CREATE TYPE "RateLimitBucket" AS ENUM ('change_email_account', 'change_email_address', 'forgot_email', 'forgot_ip', 'login_email', 'login_ip', 'register_ip', 'staff_forgot_email', 'staff_forgot_ip', 'staff_login_email', 'staff_login_ip', 'verify_resend_account');

-- AlterTable
ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE "AuditAction" USING "action"::"AuditAction",
ALTER COLUMN "resource" SET DATA TYPE "AuditResource" USING "resource"::"AuditResource";

-- AlterTable
ALTER TABLE "rate_limits" ALTER COLUMN "bucket" SET DATA TYPE "RateLimitBucket" USING "bucket"::"RateLimitBucket";
