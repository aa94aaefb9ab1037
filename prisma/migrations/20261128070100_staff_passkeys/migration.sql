-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'add_passkey';

-- AlterTable
ALTER TABLE "passkey_challenges" ADD COLUMN     "staff_id" INTEGER,
ALTER COLUMN "api_client_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "staff" ADD COLUMN     "passkey_user_handle" TEXT;

-- CreateTable
CREATE TABLE "staff_passkeys" (
    "id" SERIAL NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "sign_count" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "device_type" "PasskeyDeviceType" NOT NULL,
    "backed_up" BOOLEAN NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "staff_passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_passkeys_credential_id_key" ON "staff_passkeys"("credential_id");

-- CreateIndex
CREATE INDEX "staff_passkeys_staff_id_idx" ON "staff_passkeys"("staff_id");

-- CreateIndex
CREATE INDEX "passkey_challenges_staff_id_idx" ON "passkey_challenges"("staff_id");

-- CreateIndex
CREATE UNIQUE INDEX "staff_passkey_user_handle_key" ON "staff"("passkey_user_handle");

-- AddForeignKey
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff"("id") ON DELETE CASCADE ON UPDATE CASCADE;
