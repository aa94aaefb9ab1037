-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'import_screening_list';

-- AlterEnum
ALTER TYPE "AuditResource" ADD VALUE 'screening_lists';

-- AlterTable
ALTER TABLE "screening_lists" ADD COLUMN     "topics" "ScreeningTopic"[] DEFAULT ARRAY[]::"ScreeningTopic"[];
