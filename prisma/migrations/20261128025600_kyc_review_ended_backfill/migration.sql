-- Issue 37: closing an account now ends a pending review (closed_unreviewed, with a system entry in
-- kyc_decisions). Accounts closed before this while their profile awaited review are ended the
-- same way, as of when they closed, so the review queue holds only open accounts. In a migration of
-- its own: the value it uses was added by the one before, which must have committed.
INSERT INTO kyc_decisions (customer_id, staff_id, kind, kyc_status, reason, created_at)
SELECT id, NULL, 'status', 'closed_unreviewed', 'The customer closed the account while the profile awaited review', closed_at
FROM customers
WHERE kyc_status = 'pending_review' AND closed_at IS NOT NULL;

UPDATE customers SET kyc_status = 'closed_unreviewed'
WHERE kyc_status = 'pending_review' AND closed_at IS NOT NULL;
