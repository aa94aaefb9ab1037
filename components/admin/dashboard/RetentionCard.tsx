/**
 * The dashboard's retention card (lib/domain/retention/read-retention.ts), for those who may read it:
 * the rule in force, the latest runs with what each did, and the day of the next scheduled one.
 */
import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { RetentionStatus } from "@/lib/domain/retention/read-retention";
import { RETENTION_TRIGGER_LABELS } from "../choices";
import { formatDateTime } from "../DateTimeField";

const count = (value: number) => value.toLocaleString("en-GB");
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

export function RetentionCard({ retention }: { retention: RetentionStatus }) {
  const { runs, retention_years: years, next_scheduled_day: next } = retention;
  const failed = runs[0]?.error;
  return (
    <Card data-testid="retention">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="retention-title" gutterBottom>
          Retention
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Closed accounts are pseudonymised {years} year{years === 1 ? "" : "s"} after they closed, unless a legal hold
          keeps them; older events of open accounts lose their IP address, browser and device. Next daily run:{" "}
          <span data-testid="retention-next">{dayLabel(next)}</span> (UTC).
        </Typography>
        {failed && (
          <Alert severity="error" sx={{ mb: 1 }}>
            The last run failed: {failed}
          </Alert>
        )}
        {runs.length === 0 ? (
          <Typography color="text.secondary">Retention has not run yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="retention-title">
            <TableHead>
              <TableRow>
                <TableCell>Started</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Accounts closed before</TableCell>
                <TableCell align="right">Pseudonymised</TableCell>
                <TableCell align="right">Held</TableCell>
                <TableCell align="right">Events stripped</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id} data-testid={`retention-run-${run.id}`}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(run.started_at)}
                    {!run.finished_at && " (unfinished)"}
                    {run.error && " (failed)"}
                  </TableCell>
                  <TableCell>{RETENTION_TRIGGER_LABELS[run.trigger]}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(run.cutoff)}</TableCell>
                  <TableCell align="right">{count(run.accounts_pseudonymised)}</TableCell>
                  <TableCell align="right">{count(run.accounts_held)}</TableCell>
                  <TableCell align="right">{count(run.events_stripped)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
