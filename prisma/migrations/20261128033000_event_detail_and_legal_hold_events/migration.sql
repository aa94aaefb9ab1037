-- The values a staff decision changed, on its account event (the customer's page shows them).
ALTER TABLE "customer_events" ADD COLUMN "detail" JSONB;

-- A legal hold set or lifted is an account event too, for the customer's page's history.
ALTER TYPE "CustomerEventType" ADD VALUE 'legal_hold_set';
ALTER TYPE "CustomerEventType" ADD VALUE 'legal_hold_lifted';
