-- Issue 38: the back-office reads that still scanned at 1,000,000 customers, each index measured with
-- EXPLAIN (ANALYZE, BUFFERS) on the scale bench's population (docs/performance.md, "The last scans").

-- The dashboard's reference-data changes (one resource's 10 newest each) and the audit log filtered
-- by resource: the walk back along created_at read every entry until ten of them turned up.
-- CreateIndex
CREATE INDEX "audit_log_resource_created_at_id_idx" ON "audit_log"("resource", "created_at", "id");

-- The audit log's sign-ins filtered by part of the address tried (ILIKE '%…%'): a scan of the log.
-- CreateIndex
CREATE INDEX "audit_log_email_trgm_idx" ON "audit_log" USING GIN ("email" gin_trgm_ops);

-- Linked accounts' first step, a customer's own addresses and fingerprints: from the index alone,
-- where the (customer, time) index left every one of the customer's events to read from the table.
-- CreateIndex
CREATE INDEX "customer_events_customer_values_idx" ON "customer_events"("customer_id", "ip_reported", "ip", "fingerprint", "created_at");

-- The customers filtered by status "blocked": the few blocked accounts, newest first, counted from
-- the index; without it, a scan of every customer.
-- CreateIndex
CREATE INDEX "customers_blocked_idx" ON "customers"("created_at", "id") WHERE (blocked_at IS NOT NULL AND closed_at IS NULL);
