-- Addresses are stored bounded. The app stores only canonical IPv4/IPv6 literals (at most 45
-- characters), "unknown", or "" on events without a device. That is why text and not inet: inet
-- takes neither of the last two, nor what older rows may hold. Longer values can only be what the
-- old validation let through (an IPv6 zone id of any length), and are cut rather than refused so
-- that the migration always applies.
-- AlterTable
ALTER TABLE "customer_events" ALTER COLUMN "ip" SET DATA TYPE VARCHAR(45) USING left("ip", 45);

-- AlterTable
ALTER TABLE "login_tokens" ALTER COLUMN "ip" SET DATA TYPE VARCHAR(45) USING left("ip", 45);
