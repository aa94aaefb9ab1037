-- Issue 38: the two back-office reads still over 300 ms at 1,000,000 customers (docs/performance.md,
-- "A million customers, measured"), each found with EXPLAIN (ANALYZE, BUFFERS) on the scale bench's
-- population at 100,000.

-- A customer's audit entries (resource 'customers', resource_id '2'), newest first: the index on
-- (resource_id, created_at) walked every entry of id '2', staff member #2's 8,334 of them at 100,000
-- customers (83,000 at a million: 975 ms) to find the customer's 27. With the resource in the key,
-- the walk is the customer's own entries; an id's entries of any resource still use its prefix.
-- DropIndex
DROP INDEX "audit_log_resource_id_created_at_idx";

-- CreateIndex
CREATE INDEX "audit_log_resource_id_resource_created_at_idx" ON "audit_log"("resource_id", "resource", "created_at");

-- The sign-ins filtered by outcome: the page walked back along created_at, and the bounded count
-- (10,001 rows at most) read the table until it had them: 230 ms at 100,000, 407 ms at a million.
-- Only sign-ins have an outcome, so the index holds a third of the log.
-- CreateIndex
CREATE INDEX "audit_log_outcome_created_at_idx" ON "audit_log"("outcome", "created_at") WHERE (outcome IS NOT NULL);
