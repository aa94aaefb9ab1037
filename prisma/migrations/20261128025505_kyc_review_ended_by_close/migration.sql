-- AlterEnum
ALTER TYPE "KycStatus" ADD VALUE 'closed_unreviewed';
