/**
 * The Lists page's re-screens (GET /api/admin/screening/runs): the latest runs, each with the list
 * versions it screens against, its status, the customers screened of those it covers, the matches it
 * opened, when it started and finished. Read again every few seconds while one runs, and after an
 * import until the run of its version has started (the server's screening pass starts it within
 * seconds); otherwise read once.
 */
import { useEffect, useState } from "react";
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useDataProvider } from "react-admin";
import type { ImportedList } from "@/lib/domain/screening/import-screening-list";
import type { ScreeningRunRecord } from "@/lib/domain/screening/list-screening-runs";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { SCREENING_RUN_STATUSES, labelOf } from "../choices";

const POLL_MS = 3_000;
/** How long after an import the page waits for its run to appear: one that never does (no background work) stops the polling. */
const AWAIT_RUN_MS = 60_000;

const count = (value: number) => value.toLocaleString("en-GB");
const versions = (run: ScreeningRunRecord) =>
  Object.entries(run.list_versions)
    .map(([list, version]) => `${list} version ${version}`)
    .join(", ");

/** Whether to read the runs again: one is running, or the run of `imported` has not started yet. */
function stillMoving(runs: ScreeningRunRecord[], imported: ImportedList | undefined, since: number): boolean {
  if (runs.some((run) => run.status === "running")) return true;
  if (!imported || Date.now() - since > AWAIT_RUN_MS) return false;
  return !runs.some((run) => (run.list_versions[imported.list] ?? 0) >= imported.version);
}

export function RescreenRuns({ imported }: { imported?: ImportedList }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [runs, setRuns] = useState<ScreeningRunRecord[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last: ScreeningRunRecord[] = [];
    const read = async () => {
      try {
        last = await dataProvider.screeningRuns();
        if (stopped) return;
        setRuns(last);
        setError(undefined);
      } catch (failure) {
        if (stopped) return;
        setError((failure as Error).message);
      }
      if (stillMoving(last, imported, since)) timer = setTimeout(read, POLL_MS);
    };
    read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [dataProvider, imported]);

  return (
    <Box component="section" aria-labelledby="rescreens-title" sx={{ mt: 3 }}>
      <Typography id="rescreens-title" variant="h6">
        Re-screens
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        When a list's version changes, every customer who has submitted a profile is screened again against the lists in
        force; the matches it opens wait in Screening → Matches.
      </Typography>
      {error && <Alert severity="error">Could not read the re-screens: {error}</Alert>}
      {runs?.length === 0 && <Typography>No re-screen yet: the first starts when a list is imported.</Typography>}
      {runs && runs.length > 0 && (
        <Table size="small" aria-labelledby="rescreens-title">
          <TableHead>
            <TableRow>
              <TableCell>Against</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Customers screened</TableCell>
              <TableCell align="right">Matches opened</TableCell>
              <TableCell>Started</TableCell>
              <TableCell>Finished</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} data-testid={`rescreen-${run.id}`}>
                <TableCell>{versions(run)}</TableCell>
                <TableCell>{labelOf(SCREENING_RUN_STATUSES, run.status)}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {count(run.screened)} of {count(run.total)}
                  {run.status === "running" && (
                    <LinearProgress
                      aria-label={`Re-screen against ${versions(run)}`}
                      variant="determinate"
                      value={run.total > 0 ? Math.min(100, (run.screened / run.total) * 100) : 0}
                    />
                  )}
                </TableCell>
                <TableCell align="right">{count(run.matches_opened)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(run.started_at)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(run.finished_at) || "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
