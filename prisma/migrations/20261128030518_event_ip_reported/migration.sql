-- Issue 37: whether an event's address is the customer's (X-Client-IP, as the app's backend reported it) or
-- the caller's own (no X-Client-IP: the backend or a proxy). Linked accounts compare only the customer's,
-- so their index leads with both. Existing events keep being compared (true): which were whose cannot be told.

-- DropIndex
DROP INDEX "customer_events_ip_customer_id_created_at_idx";

-- AlterTable
ALTER TABLE "customer_events" ADD COLUMN     "ip_reported" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "customer_events_ip_ip_reported_customer_id_created_at_idx" ON "customer_events"("ip", "ip_reported", "customer_id", "created_at");
