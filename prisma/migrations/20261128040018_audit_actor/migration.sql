-- CreateEnum
CREATE TYPE "AuditActor" AS ENUM ('staff', 'customer', 'schedule', 'cli');

-- Who acted, on every audit log entry (docs/security.md, "The audit log's hash chain": who acted).
-- The table is locked against writers meanwhile (an instance of the previous version still running),
-- so the head read below is the last entry written without the column.
LOCK TABLE audit_log IN EXCLUSIVE MODE;

ALTER TABLE "audit_log" ADD COLUMN "actor" "AuditActor";

-- The existing entries, from what each still holds. A staff member's id, a staff sign-in (its
-- e-mail, failed or not) and a staff export's `after.by` are staff; a customer's export names them
-- (`after.by`, with the API client); a retention run its trigger. Only the command line's own
-- commands ran with no staff member (`staff create`, `clients create`, `clients revoke`): those are
-- the command line. Any other entry without a staff member had one who has since been deleted
-- (staff_id is set null on delete), for nothing else makes those changes: staff.
UPDATE audit_log SET actor = CASE
  WHEN staff_id IS NOT NULL OR action = 'sign_in' THEN 'staff'
  WHEN action = 'export_data' AND after->>'by' = 'customer' THEN 'customer'
  WHEN action = 'retention_run' AND after->>'trigger' = 'schedule' THEN 'schedule'
  WHEN action = 'retention_run' THEN 'cli'
  WHEN action = 'create' AND resource IN ('staff', 'clients') THEN 'cli'
  WHEN action = 'revoke' AND resource = 'clients' THEN 'cli'
  ELSE 'staff'
END::"AuditActor";

ALTER TABLE "audit_log" ALTER COLUMN "actor" SET NOT NULL;

-- The actor enters an entry's hash, but only past the head the chain had as this migration ran:
-- the entries up to it keep the hash they were chained (and checkpointed) with, and the actor
-- filled in above is not covered by it. The head's position is written into the function as a
-- constant, so it travels with the schema (a backup, a restore) and no row can move it.
DO $$
DECLARE
  head integer := (SELECT coalesce(max(chain_position), 0) FROM audit_log);
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION audit_entry_hash(entry audit_log) RETURNS text LANGUAGE sql STABLE AS $body$
      SELECT encode(sha256(convert_to((jsonb_build_array(
        entry.prev_hash, entry.chain_position, entry.id,
        to_char(entry.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), entry.staff_id, entry.action::text,
        entry.resource::text, entry.resource_id, entry.before, entry.after, entry.email, entry.ip,
        entry.user_agent, entry.outcome::text
      ) || CASE WHEN entry.chain_position > %s THEN jsonb_build_array(entry.actor::text) ELSE '[]'::jsonb END
      )::text, 'UTF8')), 'hex')
    $body$
  $f$, head);
END
$$;
