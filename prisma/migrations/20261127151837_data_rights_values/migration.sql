-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'export_data';
ALTER TYPE "AuditAction" ADD VALUE 'legal_hold';
ALTER TYPE "AuditAction" ADD VALUE 'retention_run';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditResource" ADD VALUE 'audit_log';
ALTER TYPE "AuditResource" ADD VALUE 'retention';

-- AlterEnum
ALTER TYPE "CustomerEventType" ADD VALUE 'data_exported';

-- AlterEnum
ALTER TYPE "RateLimitBucket" ADD VALUE 'data_export_account';
