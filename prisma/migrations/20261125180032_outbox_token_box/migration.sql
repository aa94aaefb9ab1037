-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "token_box" TEXT;
