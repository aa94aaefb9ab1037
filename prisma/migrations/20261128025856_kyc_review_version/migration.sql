-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "review_version" INTEGER NOT NULL DEFAULT 0;
