-- Issue 38 at a million customers: the customers' CSV export reads a status's customers in id
-- order a batch at a time (kyc_status, id); the subject-access export looks for the other accounts
-- that held an address, closed ones included (closed_email). docs/performance.md, exports.
-- DropIndex
DROP INDEX "customers_kyc_status_idx";

-- CreateIndex
CREATE INDEX "customers_kyc_status_id_idx" ON "customers"("kyc_status", "id");

-- CreateIndex
CREATE INDEX "customers_closed_email_idx" ON "customers"("closed_email");
