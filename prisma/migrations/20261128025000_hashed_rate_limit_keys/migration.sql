-- Rate-limit keys become HMACs under a key derived from AUTH_SECRET (lib/domain/rate-limits/count-attempt.ts):
-- the rows keyed by an address in plain text go. They are counters that end within their window, so
-- at worst an attempt counted just before the upgrade is counted afresh.
DELETE FROM "rate_limits";
