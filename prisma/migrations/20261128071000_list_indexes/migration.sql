-- pg_trgm (a trusted extension since PostgreSQL 13: the database's owner may create it; PGlite loads it in lib/platform/db/pglite-worker-thread.ts):
-- the trigram indexes below answer the back office's substring searches (docs/performance.md, "Lists at a million customers").
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "audit_log_action_id_idx" ON "audit_log"("action", "id");

-- CreateIndex
CREATE INDEX "audit_log_resource_id_idx" ON "audit_log"("resource", "id");

-- CreateIndex
CREATE INDEX "audit_log_resource_id_created_at_idx" ON "audit_log"("resource_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_staff_id_created_at_idx" ON "audit_log"("staff_id", "created_at");

-- customers (kyc_status, id): 20261128071000_export_indexes, made beside this one.

-- CreateIndex
CREATE INDEX "customers_family_name_id_idx" ON "customers"("family_name", "id");

-- CreateIndex
CREATE INDEX "customers_country_of_residence_id_idx" ON "customers"("country_of_residence", "id");

-- CreateIndex
CREATE INDEX "customers_pep_id_idx" ON "customers"("pep", "id");

-- CreateIndex
CREATE INDEX "customers_email_verified_at_id_idx" ON "customers"("email_verified_at", "id");

-- CreateIndex
CREATE INDEX "customers_source_id_idx" ON "customers"("source", "id");

-- CreateIndex
CREATE INDEX "customers_closed_at_id_idx" ON "customers"("closed_at", "id");

-- CreateIndex
CREATE INDEX "customers_risk_rating_id_idx" ON "customers"("risk_rating", "id");

-- CreateIndex
CREATE INDEX "customers_profile_updated_at_id_idx" ON "customers"("profile_updated_at", "id");

-- CreateIndex
CREATE INDEX "customers_legal_hold_since_id_idx" ON "customers"("legal_hold_since", "id");

-- CreateIndex
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "customers_closed_email_trgm_idx" ON "customers" USING GIN ("closed_email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "email_outbox_created_at_id_idx" ON "email_outbox"("created_at", "id");

-- CreateIndex
CREATE INDEX "email_outbox_status_id_idx" ON "email_outbox"("status", "id");

-- CreateIndex
CREATE INDEX "email_outbox_attempts_id_idx" ON "email_outbox"("attempts", "id");

-- CreateIndex
CREATE INDEX "email_outbox_next_attempt_at_id_idx" ON "email_outbox"("next_attempt_at", "id");

-- CreateIndex
CREATE INDEX "email_outbox_sent_at_id_idx" ON "email_outbox"("sent_at", "id");

-- CreateIndex
CREATE INDEX "email_outbox_to_address_trgm_idx" ON "email_outbox" USING GIN ("to_address" gin_trgm_ops);
