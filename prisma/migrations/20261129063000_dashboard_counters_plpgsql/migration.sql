-- The dashboard's counters (20261128071500_dashboard_daily_counts, 20261128104100_dashboard_totals)
-- added to by plpgsql rather than SQL functions: PostgreSQL plans a SQL function's INSERT on every
-- call, where plpgsql plans it once per connection and keeps the plan. A registration's statement
-- calls them four times through its triggers (the customer, its e-mail, its event), a login's once:
-- `EXPLAIN ANALYZE` of a registration's statement, the three triggers 0.9 ms as SQL functions against
-- 0.36 ms in plpgsql, of 1.7-2.0 ms in all (docs/performance.md). What they do is unchanged.
CREATE OR REPLACE FUNCTION dashboard_add(days date[], metrics "DashboardMetric"[], deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_counts AS counts (day, metric, shard, count)
  SELECT day, metric, pg_backend_pid() % 8, sum(delta)
  FROM unnest(days, metrics, deltas) AS change (day, metric, delta)
  GROUP BY day, metric
  HAVING sum(delta) <> 0
  ON CONFLICT (day, metric, shard) DO UPDATE SET count = counts.count + EXCLUDED.count;
END
$$;

CREATE OR REPLACE FUNCTION dashboard_total_add(metrics "DashboardTotalMetric"[], deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_totals AS totals (metric, shard, count)
  SELECT metric, pg_backend_pid() % 8, sum(delta)
  FROM unnest(metrics, deltas) AS change (metric, delta)
  GROUP BY metric
  HAVING sum(delta) <> 0
  ON CONFLICT (metric, shard) DO UPDATE SET count = totals.count + EXCLUDED.count;
END
$$;
