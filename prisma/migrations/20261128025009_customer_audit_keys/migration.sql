-- CreateTable
CREATE TABLE "customer_audit_keys" (
    "customer_id" INTEGER NOT NULL,
    "key_box" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "shredded_at" TIMESTAMP(3),

    CONSTRAINT "customer_audit_keys_pkey" PRIMARY KEY ("customer_id")
);

-- AddForeignKey
ALTER TABLE "customer_audit_keys" ADD CONSTRAINT "customer_audit_keys_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
