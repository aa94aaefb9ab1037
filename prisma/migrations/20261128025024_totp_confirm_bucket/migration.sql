-- AlterEnum
ALTER TYPE "RateLimitBucket" ADD VALUE 'totp_confirm_account';
