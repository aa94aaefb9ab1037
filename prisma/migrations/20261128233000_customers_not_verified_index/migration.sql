-- Issue 38: the customers list filtered by "not verified" counts at most 10,001 of them in id order
-- (the bounded count, lib/platform/db/list-query.ts). `email_verified_at IS NULL` is no equality, so
-- the planner cannot take id order from (email_verified_at, id) and walked the primary key instead,
-- discarding the verified 85 %: 67,000 rows and 3,300 buffers, 43 ms at a million customers, read
-- from disk once the table outgrows the cache (9.6 ms at 100,000, 19 ms at 1,000,000 in the bench).
-- A partial index of their ids: an index-only scan of 10,001 entries, 31 buffers, 1.9 ms.
-- CreateIndex
CREATE INDEX "customers_not_verified_idx" ON "customers"("id") WHERE (email_verified_at IS NULL);
