-- Account care (issue 14): sessions, the customer's locale, and closing an account.
--
-- New event types. ADD VALUE runs inside the migration's transaction on PostgreSQL 12 and later
-- (and on PGlite), as no statement here uses the new values, which that would forbid.
ALTER TYPE "CustomerEventType" ADD VALUE 'session_revoked';
ALTER TYPE "CustomerEventType" ADD VALUE 'other_sessions_revoked';
ALTER TYPE "CustomerEventType" ADD VALUE 'locale_changed';
ALTER TYPE "CustomerEventType" ADD VALUE 'account_closed';

-- locale: the locale the customer chose, where NULL means the default (the first enabled locale in
-- settings order when it is read), so existing accounts need no value.
--
-- Closing an account keeps its row (compliance still sees it and its events) and frees its
-- address: the address moves to closed_email and email takes a tombstone, 'closed:<id>', which no
-- valid address can equal (it has no @). The unique index on email stays a plain one, so Prisma's
-- findUnique({ where: { email } }) and the unique-violation race of registration keep working,
-- where a partial unique index (WHERE closed_at IS NULL) would make email non-unique to Prisma.
ALTER TABLE "customers" ADD COLUMN     "closed_at" TIMESTAMP(3),
ADD COLUMN     "closed_email" TEXT,
ADD COLUMN     "locale" TEXT;
