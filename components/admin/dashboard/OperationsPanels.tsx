/**
 * Operations' panels on the dashboard: the API clients' calls and last use, the outbox's days and the
 * reference data changed lately.
 */
import {
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { Link, useCreatePath } from "react-admin";
import type {
  ApiCallsDay,
  ApiClientUse,
  Dashboard as DashboardFigures,
  EmailDay,
  ReferenceChange,
} from "@/lib/domain/dashboard/read-dashboard";
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_LABELS, AUDITED_RESOURCE_NAMES } from "../choices";
import { formatDateTime } from "../DateTimeField";
import { fieldLabel } from "../audit-log/auditWords";
import { ChartCard, dayLabel, useChartStyle } from "./charts";

/** Operations' panels: what the API clients do, what the outbox sends, what changed in the reference data. */
export function OperationsPanels({ figures }: { figures: DashboardFigures }) {
  const {
    api_clients: clients,
    api_calls_per_day: calls,
    emails_per_day: emails,
    reference_changes: changes,
  } = figures;
  if (!clients && !emails && !changes) return null;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fit, minmax(420px, 1fr))" }}>
      {clients && calls && <ApiCallsChart clients={clients} calls={calls} />}
      {clients && <ApiClientsCard clients={clients} />}
      {emails && <EmailsChart emails={emails} provider={figures.email_provider !== false} />}
      {changes && <ReferenceChangesCard changes={changes} />}
    </Box>
  );
}

function ApiCallsChart({ clients, calls }: { clients: ApiClientUse[]; calls: ApiCallsDay[] }) {
  const { palette, axis, tooltip } = useChartStyle();
  const colours = [
    palette.primary.main,
    palette.success.main,
    palette.warning.main,
    palette.secondary.main,
    palette.info.main,
  ];
  const used = clients.filter((client) => client.calls_30_days > 0);
  const rows = calls.map(({ day, calls: byClient }) => ({ day, ...byClient }));
  return (
    <ChartCard
      title="API calls per day and client, last 30 days (UTC)"
      testId="chart-api-calls"
      note={used.length === 0 ? "No API client has made a call in the last 30 days." : undefined}
    >
      <BarChart data={rows}>
        <CartesianGrid stroke={palette.divider} strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltip} />
        <Legend />
        {used.map((client, index) => (
          <Bar
            key={client.id}
            dataKey={String(client.id)}
            name={client.name}
            stackId="calls"
            fill={colours[index % colours.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}

function ApiClientsCard({ clients }: { clients: ApiClientUse[] }) {
  const createPath = useCreatePath();
  return (
    <Card data-testid="api-clients-use">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="api-clients-use-title" gutterBottom>
          API clients: last use and calls
        </Typography>
        <Table size="small" aria-labelledby="api-clients-use-title">
          <TableHead>
            <TableRow>
              <TableCell>Client</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell align="right">Calls today</TableCell>
              <TableCell align="right">Calls, 30 days</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {clients.map((client) => (
              <TableRow key={client.id}>
                <TableCell>
                  <Link to={createPath({ resource: "clients", id: client.id, type: "show" })}>{client.name}</Link>
                  {!client.active && <Chip label="Revoked" size="small" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(client.last_used_at) || "Never"}</TableCell>
                <TableCell align="right">{client.calls_today.toLocaleString("en-GB")}</TableCell>
                <TableCell align="right">{client.calls_30_days.toLocaleString("en-GB")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="caption" color="text.secondary">
          Calls are counted by each server process and written once a minute: the last minute's may not show yet.
        </Typography>
      </CardContent>
    </Card>
  );
}

function EmailsChart({ emails, provider }: { emails: EmailDay[]; provider: boolean }) {
  const { palette, axis, tooltip } = useChartStyle();
  return (
    <ChartCard
      title="E-mails per day, last 30 days (UTC)"
      testId="chart-emails"
      note={provider ? undefined : "No e-mail provider (RESEND_API_KEY is not set): e-mails are queued, never sent."}
    >
      <BarChart data={emails}>
        <CartesianGrid stroke={palette.divider} strokeDasharray="3 3" />
        <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} />
        <YAxis allowDecimals={false} {...axis} />
        <Tooltip {...tooltip} />
        <Legend />
        <Bar dataKey="queued" name="Queued" fill={palette.info.main} isAnimationActive={false} />
        <Bar dataKey="sent" name="Sent" fill={palette.success.main} isAnimationActive={false} />
        <Bar dataKey="failed" name="Failed" fill={palette.error.main} isAnimationActive={false} />
      </BarChart>
    </ChartCard>
  );
}

/** Where a reference record is edited; the settings are one record, edited at their list's place. */
function ReferenceChangesCard({ changes }: { changes: ReferenceChange[] }) {
  const createPath = useCreatePath();
  const recordLink = (change: ReferenceChange) =>
    change.resource === "settings"
      ? "/settings"
      : createPath({ resource: change.resource, id: change.resource_id, type: "edit" });
  return (
    <Card data-testid="reference-changes">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="reference-changes-title" gutterBottom>
          Reference data changed lately
        </Typography>
        {changes.length === 0 ? (
          <Typography color="text.secondary">No reference data has been changed in the back office yet.</Typography>
        ) : (
          <Table size="small" aria-labelledby="reference-changes-title">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Record</TableCell>
                <TableCell>Change</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(change.created_at)}</TableCell>
                  <TableCell>
                    {AUDITED_RESOURCE_NAMES[change.resource]}:{" "}
                    {change.action === "delete" ? (
                      (change.record_name ?? change.resource_id)
                    ) : (
                      <Link to={recordLink(change)}>{change.record_name ?? change.resource_id}</Link>
                    )}
                  </TableCell>
                  <TableCell>
                    {AUDIT_ACTION_LABELS[change.action]}
                    {change.fields.length > 0 && `: ${change.fields.map(fieldLabel).join(", ")}`}
                  </TableCell>
                  <TableCell>{change.staff_name ?? AUDIT_ACTOR_LABELS[change.actor]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
