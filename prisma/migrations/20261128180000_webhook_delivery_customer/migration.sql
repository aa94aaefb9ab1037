-- Issue 38: the customer's own data export (GET /client/v1/me/export) and the erasure's
-- pseudonymisation found the customer's webhook deliveries by `data->'customer_id'`, which no index
-- covers: a scan of every delivery (241 ms at 100,000 customers, 708 ms at a million). The customer
-- is now a column of its own, written with the data, and indexed.
-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN "customer_id" INTEGER;

UPDATE "webhook_deliveries" SET "customer_id" = ("data"->>'customer_id')::integer WHERE "data" ? 'customer_id';

-- CreateIndex
CREATE INDEX "webhook_deliveries_customer_id_idx" ON "webhook_deliveries"("customer_id");
