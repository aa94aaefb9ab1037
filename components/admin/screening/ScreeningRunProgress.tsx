/**
 * The latest re-screen's progress (GET /api/admin/screening/runs), for the Lists page to embed: the
 * versions it covers, customers screened of the total, matches opened; read again every few seconds
 * while it runs.
 */
import { useEffect, useState } from "react";
import { Alert, LinearProgress, Typography } from "@mui/material";
import { useDataProvider } from "react-admin";
import type { ScreeningRunRecord } from "@/lib/domain/screening/list-screening-runs";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";

const POLL_MS = 3_000;

export default function ScreeningRunProgress() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [run, setRun] = useState<ScreeningRunRecord | null>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      dataProvider.screeningRuns().then(
        ([latest]) => {
          if (!current) return;
          setRun(latest ?? null);
          if (latest?.status === "running") timer = setTimeout(read, POLL_MS);
        },
        (failure: Error) => current && setError(failure.message),
      );
    read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [dataProvider]);
  if (error) return <Alert severity="error">Could not load the re-screen: {error}</Alert>;
  if (run === undefined) return null;
  if (run === null) return <Typography>No re-screen yet: one starts when a list is imported.</Typography>;
  const versions = Object.entries(run.list_versions)
    .map(([name, version]) => `${name} v${version}`)
    .join(", ");
  return (
    <section aria-label="Re-screen">
      <Typography>
        Re-screen against {versions}: {run.screened} of {run.total} customers, {run.matches_opened} possible matches
        {run.status === "running" ? "" : ` (${run.status} ${run.finished_at ? formatDateTime(run.finished_at) : ""})`}
      </Typography>
      {run.status === "running" && (
        <LinearProgress variant="determinate" value={run.total > 0 ? (100 * run.screened) / run.total : 100} />
      )}
    </section>
  );
}
