-- AlterTable
ALTER TABLE "audit_log" ADD COLUMN     "chain_position" INTEGER,
ADD COLUMN     "hash" TEXT,
ADD COLUMN     "prev_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "audit_log_chain_position_key" ON "audit_log"("chain_position");

-- The audit log as a hash chain (docs/security.md, "The audit log's hash chain").
--
-- audit_entry_hash is the ONE definition of an entry's hash: the trigger below, the chaining of the
-- existing entries here and the verifier (lib/domain/audit/verify-audit-chain.ts) all call it, so no
-- two places can disagree on a serialisation. The canonical form is a JSON array of the previous
-- hash and every other column, as jsonb writes it (its text is normalised: key order, spacing), the
-- time as to_char writes it (no DateStyle or TimeZone setting changes it), NULL as null, distinct
-- from an empty string. A new column of audit_log goes into this array (a new function, and the
-- verifier still knows the old entries' form: chain them again in the migration that adds it).
CREATE FUNCTION audit_entry_hash(entry audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    entry.prev_hash, entry.chain_position, entry.id,
    to_char(entry.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), entry.staff_id, entry.action::text,
    entry.resource::text, entry.resource_id, entry.before, entry.after, entry.email, entry.ip,
    entry.user_agent, entry.outcome::text
  )::text, 'UTF8')), 'hex')
$$;

-- Chains an entry as its transaction commits (a deferred constraint trigger): by then the
-- transaction has taken every other lock it takes, so holding the chain's lock (an advisory lock,
-- to the transaction's end) never waits on a row another transaction holds while it waits for the
-- chain: no deadlock, whatever rows (customers, cache_versions, staff, rate_limits) the audited
-- change locked, and the chain's lock is held only for the commit. The last entry is read after the
-- lock is taken, each statement of this function seeing what committed before it (READ COMMITTED),
-- so positions follow the commits, contiguous. An entry that arrives with its hash (a data-only
-- restore) keeps it: the chain it was part of is the one to verify.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry audit_log;
  previous audit_log;
BEGIN
  SELECT * INTO entry FROM audit_log WHERE id = NEW.id;
  IF NOT FOUND OR entry.hash IS NOT NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(2028028);
  SELECT * INTO previous FROM audit_log WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1;
  entry.chain_position := coalesce(previous.chain_position, 0) + 1;
  entry.prev_hash := previous.hash;
  entry.hash := audit_entry_hash(entry);
  UPDATE audit_log SET chain_position = entry.chain_position, prev_hash = entry.prev_hash, hash = entry.hash
    WHERE id = entry.id;
  RETURN NULL;
END
$$;

-- The entries written before the chain, chained in the order of their ids, the table locked
-- against writers meanwhile (an instance of the previous version still running).
LOCK TABLE audit_log IN EXCLUSIVE MODE;

DO $$
DECLARE
  entry audit_log;
  previous_hash text;
  n integer := 0;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    entry.chain_position := n;
    entry.prev_hash := previous_hash;
    entry.hash := audit_entry_hash(entry);
    UPDATE audit_log SET chain_position = entry.chain_position, prev_hash = entry.prev_hash, hash = entry.hash
      WHERE id = entry.id;
    previous_hash := entry.hash;
  END LOOP;
END
$$;

CREATE CONSTRAINT TRIGGER audit_log_chain AFTER INSERT ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
