-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "legal_hold_since" TIMESTAMP(3);
