-- Issue 38: the dashboard's figures of what is there now (customers, profiles awaiting review, failed
-- e-mails) as running totals, kept by triggers in the statement that writes what they count, as the
-- daily ones are (20261128071500_dashboard_daily_counts; docs/performance.md, "The dashboard at a
-- million customers"): counting them on each load read every customer and every failed e-mail.
-- The tables are locked first, as CREATE TRIGGER would lock them: no writer commits between the
-- count below and the triggers, so no row is counted twice or missed (the e-mails' trigger already
-- exists; only its function changes, which locks nothing by itself).
LOCK TABLE customers, email_outbox IN SHARE ROW EXCLUSIVE MODE;

-- CreateEnum
CREATE TYPE "DashboardTotalMetric" AS ENUM ('customers', 'profiles_awaiting_review', 'failed_emails');

-- CreateTable
CREATE TABLE "dashboard_totals" (
    "metric" "DashboardTotalMetric" NOT NULL,
    "shard" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "dashboard_totals_pkey" PRIMARY KEY ("metric","shard")
);

-- Adds each (metric, delta) to this connection's shard, as dashboard_add does for the days.
CREATE FUNCTION dashboard_total_add(metrics "DashboardTotalMetric"[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_totals AS totals (metric, shard, count)
  SELECT metric, pg_backend_pid() % 8, sum(delta)
  FROM unnest(metrics, deltas) AS change (metric, delta)
  GROUP BY metric
  HAVING sum(delta) <> 0
  ON CONFLICT (metric, shard) DO UPDATE SET count = totals.count + EXCLUDED.count
$$;

-- What a customer counts as: a customer, and one awaiting review while its profile is.
CREATE FUNCTION dashboard_customer_metrics(kyc_status "KycStatus")
RETURNS TABLE (metric "DashboardTotalMetric") LANGUAGE sql IMMUTABLE AS $$
  SELECT 'customers'::"DashboardTotalMetric"
  UNION ALL SELECT 'profiles_awaiting_review' WHERE kyc_status = 'pending_review'
$$;

-- Inserts and deletes once per statement (an import's rows in one upsert), a review's status row by
-- row, and only when it enters or leaves pending_review (the trigger's WHEN).
CREATE FUNCTION dashboard_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_total_add(array_agg(m.metric), array_agg(1))
    FROM inserted, dashboard_customer_metrics(inserted.kyc_status) AS m;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_total_add(array_agg(m.metric), array_agg(-1))
    FROM deleted, dashboard_customer_metrics(deleted.kyc_status) AS m;
  ELSE
    PERFORM dashboard_total_add(ARRAY['profiles_awaiting_review']::"DashboardTotalMetric"[],
      ARRAY[CASE WHEN NEW.kyc_status = 'pending_review' THEN 1 ELSE -1 END]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_count_inserted AFTER INSERT ON customers
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_customers();
CREATE TRIGGER dashboard_count_deleted AFTER DELETE ON customers
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_customers();
CREATE TRIGGER dashboard_count_updated AFTER UPDATE OF kyc_status ON customers
  FOR EACH ROW WHEN ((OLD.kyc_status = 'pending_review') <> (NEW.kyc_status = 'pending_review'))
  EXECUTE FUNCTION dashboard_count_customers();

-- The e-mails' function of 20261128071500 (its triggers unchanged: they already fire on a change of
-- status), counting the failed ones now as well.
CREATE OR REPLACE FUNCTION dashboard_count_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(1))
    FROM inserted, dashboard_email_metrics(inserted.status, inserted.created_at, inserted.sent_at, inserted.next_attempt_at) AS m;
    PERFORM dashboard_total_add(ARRAY['failed_emails']::"DashboardTotalMetric"[], ARRAY[count(*)::integer])
    FROM inserted WHERE status = 'failed';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(-1))
    FROM deleted, dashboard_email_metrics(deleted.status, deleted.created_at, deleted.sent_at, deleted.next_attempt_at) AS m;
    PERFORM dashboard_total_add(ARRAY['failed_emails']::"DashboardTotalMetric"[], ARRAY[-count(*)::integer])
    FROM deleted WHERE status = 'failed';
  ELSE
    PERFORM dashboard_add(array_agg(m.day), array_agg(m.metric), array_agg(m.delta)) FROM (
      SELECT day, metric, -1 AS delta FROM dashboard_email_metrics(OLD.status, OLD.created_at, OLD.sent_at, OLD.next_attempt_at)
      UNION ALL
      SELECT day, metric, 1 FROM dashboard_email_metrics(NEW.status, NEW.created_at, NEW.sent_at, NEW.next_attempt_at)
    ) AS m;
    IF (OLD.status = 'failed') <> (NEW.status = 'failed') THEN
      PERFORM dashboard_total_add(ARRAY['failed_emails']::"DashboardTotalMetric"[],
        ARRAY[CASE WHEN NEW.status = 'failed' THEN 1 ELSE -1 END]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- The totals of what is there (the tables locked above).
INSERT INTO dashboard_totals (metric, shard, count)
SELECT metric, 0, count FROM (
  SELECT 'customers'::"DashboardTotalMetric" AS metric, count(*)::integer AS count FROM customers
  UNION ALL SELECT 'profiles_awaiting_review', count(*)::integer FROM customers WHERE kyc_status = 'pending_review'
  UNION ALL SELECT 'failed_emails', count(*)::integer FROM email_outbox WHERE status = 'failed'
) AS now_there
WHERE count > 0;
