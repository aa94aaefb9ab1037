-- Issue 38: the dashboard's daily figures as running totals, kept by triggers in the statement that
-- writes what they count (docs/performance.md, "The dashboard at a million customers"). Triggers,
-- not a call in each verb: every writer counts (the one-statement flows, Prisma's createMany in the
-- import, a status an e-mail leaves when staff retry it, a cascade from a deleted customer), and a
-- restore brings the totals with the rows (pg_restore creates triggers after the data).
-- CreateEnum
CREATE TYPE "DashboardMetric" AS ENUM ('registrations', 'logins', 'failed_logins', 'rate_limited', 'emails_queued', 'emails_sent', 'emails_failed');

-- CreateTable
CREATE TABLE "dashboard_daily_counts" (
    "day" DATE NOT NULL,
    "metric" "DashboardMetric" NOT NULL,
    "shard" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "dashboard_daily_counts_pkey" PRIMARY KEY ("day","metric","shard")
);

-- Adds each (day, metric, delta) to this connection's shard, one upsert per day and metric: two
-- connections add to different rows, so concurrent logins do not queue on one row lock.
CREATE FUNCTION dashboard_add(days date[], metrics "DashboardMetric"[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_daily_counts AS counts (day, metric, shard, count)
  SELECT day, metric, pg_backend_pid() % 8, sum(delta)
  FROM unnest(days, metrics, deltas) AS change (day, metric, delta)
  GROUP BY day, metric
  HAVING sum(delta) <> 0
  ON CONFLICT (day, metric, shard) DO UPDATE SET count = counts.count + EXCLUDED.count
$$;

-- What an account event counts as, on its UTC day (the dashboard's activity before issue 38).
CREATE FUNCTION dashboard_event_metrics(created_at timestamp, type "CustomerEventType", outcome "EventOutcome")
RETURNS TABLE (day date, metric "DashboardMetric") LANGUAGE sql IMMUTABLE AS $$
  SELECT created_at::date, metric FROM unnest(ARRAY[
    CASE WHEN type = 'register' AND outcome = 'success' THEN 'registrations' END,
    CASE WHEN type = 'login' AND outcome = 'success' THEN 'logins' END,
    CASE WHEN type = 'login_failed' THEN 'failed_logins' END,
    CASE WHEN outcome = 'rate_limited' THEN 'rate_limited' END
  ]::"DashboardMetric"[]) AS metric
  WHERE metric IS NOT NULL
$$;

-- What an e-mail counts as: queued on the day it was created, sent on the day it was sent, failed on
-- the day of its last attempt.
CREATE FUNCTION dashboard_email_metrics(status "OutboxStatus", created_at timestamp, sent_at timestamp, next_attempt_at timestamp)
RETURNS TABLE (day date, metric "DashboardMetric") LANGUAGE sql IMMUTABLE AS $$
  SELECT created_at::date, 'emails_queued'::"DashboardMetric"
  UNION ALL SELECT sent_at::date, 'emails_sent' WHERE status = 'sent' AND sent_at IS NOT NULL
  UNION ALL SELECT next_attempt_at::date, 'emails_failed' WHERE status = 'failed'
$$;

-- Rows inserted and deleted are counted once per statement (an import's thousands in one upsert per
-- day), an update row by row, and only when it moves a row between counts (events never do in the
-- service; an e-mail does when it is sent, fails, or is retried).
CREATE FUNCTION dashboard_count_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(1))
    FROM inserted, dashboard_event_metrics(inserted.created_at, inserted.type, inserted.outcome) AS m;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(-1))
    FROM deleted, dashboard_event_metrics(deleted.created_at, deleted.type, deleted.outcome) AS m;
  ELSE
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(m.delta)) FROM (
      SELECT day, metric, -1 AS delta FROM dashboard_event_metrics(OLD.created_at, OLD.type, OLD.outcome)
      UNION ALL
      SELECT day, metric, 1 FROM dashboard_event_metrics(NEW.created_at, NEW.type, NEW.outcome)
    ) AS m;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_count_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(1))
    FROM inserted, dashboard_email_metrics(inserted.status, inserted.created_at, inserted.sent_at, inserted.next_attempt_at) AS m;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(-1))
    FROM deleted, dashboard_email_metrics(deleted.status, deleted.created_at, deleted.sent_at, deleted.next_attempt_at) AS m;
  ELSE
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(m.delta)) FROM (
      SELECT day, metric, -1 AS delta FROM dashboard_email_metrics(OLD.status, OLD.created_at, OLD.sent_at, OLD.next_attempt_at)
      UNION ALL
      SELECT day, metric, 1 FROM dashboard_email_metrics(NEW.status, NEW.created_at, NEW.sent_at, NEW.next_attempt_at)
    ) AS m;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_count_inserted AFTER INSERT ON customer_events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_events();
CREATE TRIGGER dashboard_count_deleted AFTER DELETE ON customer_events
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_events();
CREATE TRIGGER dashboard_count_updated AFTER UPDATE OF type, outcome, created_at ON customer_events
  FOR EACH ROW WHEN ((OLD.type, OLD.outcome, OLD.created_at) IS DISTINCT FROM (NEW.type, NEW.outcome, NEW.created_at))
  EXECUTE FUNCTION dashboard_count_events();

CREATE TRIGGER dashboard_count_inserted AFTER INSERT ON email_outbox
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_emails();
CREATE TRIGGER dashboard_count_deleted AFTER DELETE ON email_outbox
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_emails();
CREATE TRIGGER dashboard_count_updated AFTER UPDATE OF status, created_at, sent_at, next_attempt_at ON email_outbox
  FOR EACH ROW WHEN (
    (OLD.status, OLD.created_at, OLD.sent_at) IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.sent_at)
    OR (NEW.status = 'failed' AND OLD.next_attempt_at IS DISTINCT FROM NEW.next_attempt_at)
  )
  EXECUTE FUNCTION dashboard_count_emails();

-- The totals of what is already there, after the triggers (which hold a lock on each table until this
-- commits, so no row is counted twice or missed): one pass over each table, grouped by day.
INSERT INTO dashboard_daily_counts (day, metric, shard, count)
SELECT day, metric, 0, count FROM (
  SELECT created_at::date AS day,
         count(*) FILTER (WHERE type = 'register' AND outcome = 'success') AS registrations,
         count(*) FILTER (WHERE type = 'login' AND outcome = 'success') AS logins,
         count(*) FILTER (WHERE type = 'login_failed') AS failed_logins,
         count(*) FILTER (WHERE outcome = 'rate_limited') AS rate_limited
  FROM customer_events GROUP BY 1
) AS per_day
CROSS JOIN LATERAL (VALUES
  ('registrations'::"DashboardMetric", registrations), ('logins', logins),
  ('failed_logins', failed_logins), ('rate_limited', rate_limited)
) AS counts (metric, count)
WHERE count > 0;

INSERT INTO dashboard_daily_counts (day, metric, shard, count)
SELECT day, metric, 0, sum(count) FROM (
  SELECT created_at::date AS day, 'emails_queued'::"DashboardMetric" AS metric, count(*) AS count
  FROM email_outbox GROUP BY 1
  UNION ALL
  SELECT sent_at::date, 'emails_sent', count(*) FROM email_outbox WHERE status = 'sent' AND sent_at IS NOT NULL GROUP BY 1
  UNION ALL
  SELECT next_attempt_at::date, 'emails_failed', count(*) FROM email_outbox WHERE status = 'failed' GROUP BY 1
) AS per_day
GROUP BY day, metric;
