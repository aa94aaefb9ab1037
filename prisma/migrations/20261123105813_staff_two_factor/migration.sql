-- Issue 15: staff two-factor sign-in (TOTP). Secrets are stored encrypted, recovery codes hashed.
-- No semicolon in these comments: on PostgreSQL the script is split into statements at each one.

-- AlterTable
ALTER TABLE "staff" ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_pending_secret_encrypted" TEXT,
ADD COLUMN     "totp_secret_encrypted" TEXT;

-- CreateTable
CREATE TABLE "staff_recovery_codes" (
    "id" SERIAL NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,

    CONSTRAINT "staff_recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_recovery_codes_staff_id_code_hash_key" ON "staff_recovery_codes"("staff_id", "code_hash");

-- AddForeignKey
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE CASCADE ON UPDATE CASCADE;
