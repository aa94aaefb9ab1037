-- Issue 38: a customer's own e-mails (customer-outbox.ts: the subject-access export and the
-- erasure's pseudonymisation) are found by `to_address IN (…) AND created_at >= …`. Only the
-- trigram index held to_address, and it answers equality by reading the posting list of every
-- trigram of the address: "gmail.com"'s are a share of the whole table, so the lookup grew with it
-- (100,000 customers: 737 buffers, 15.6 ms for five e-mails). A b-tree on the address and the date:
-- 0.14 ms.
-- CreateIndex
CREATE INDEX "email_outbox_to_address_created_at_idx" ON "email_outbox"("to_address", "created_at");
