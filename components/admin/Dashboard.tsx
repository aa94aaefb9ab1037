/**
 * The back office's first page: tiles that open the list they count, charts of the last 30 days of
 * account activity, and for operations the API clients' calls and last use, the outbox's days and
 * the reference data changed lately (lib/domain/dashboard). The server leaves out what the role may not
 * read, so each person sees only the tiles and charts of their own resources. Those who edit the
 * settings are warned while they are still the seed's placeholders. Admins and compliance see retention's
 * runs (RetentionCard.tsx).
 */
import { useEffect, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from "@mui/material";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Link, LinkBase, Title, useCreatePath, useDataProvider } from "react-admin";
import type {
  ActivityDay,
  ApiCallsDay,
  ApiClientUse,
  Dashboard as DashboardFigures,
  EmailDay,
  ReferenceChange,
} from "@/lib/domain/dashboard/read-dashboard";
import type { AdminDataProvider } from "./dataProvider";
import { PageTitle } from "./PageTitle";
import { AUDIT_ACTION_LABELS, AUDITED_RESOURCE_NAMES } from "./choices";
import { formatDateTime } from "./DateTimeField";
import { fieldLabel } from "./audit-log/auditWords";
import { RetentionCard } from "./RetentionCard";

type CountKey =
  | "customers"
  | "registrations_this_week"
  | "profiles_awaiting_review"
  | "active_api_clients"
  | "pending_emails"
  | "failed_emails";

/** A react-admin list with a filter, as a link of the back office's own router. */
const listLink = (resource: string, filter?: Record<string, unknown>) =>
  filter ? `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${resource}`;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

type Tile = {
  key: CountKey;
  label: string;
  to: () => string;
  warning?: (figures: DashboardFigures) => string | undefined;
};

const TILES: Tile[] = [
  { key: "customers", label: "Customers", to: () => listLink("customers") },
  {
    key: "registrations_this_week",
    label: "Registrations in the last 7 days",
    to: () => listLink("customers", { created_gte: daysAgo(6) }),
  },
  {
    key: "profiles_awaiting_review",
    label: "Profiles awaiting review",
    to: () => listLink("customers", { kyc_status: "pending_review" }),
  },
  { key: "active_api_clients", label: "Active API clients", to: () => listLink("clients", { active: true }) },
  {
    key: "pending_emails",
    label: "E-mails waiting to be sent",
    to: () => listLink("outbox", { status: "pending" }),
    // Without a provider nothing is ever sent: "waiting" would promise what will not happen.
    warning: (figures) => (figures.email_provider === false ? "Not sent: no e-mail provider configured" : undefined),
  },
  { key: "failed_emails", label: "E-mails that failed", to: () => listLink("outbox", { status: "failed" }) },
];

export function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [figures, setFigures] = useState<DashboardFigures>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    dataProvider.dashboard().then(setFigures, (failure: Error) => setError(failure.message));
  }, [dataProvider]);

  // Until the figures arrive every tile waits; then only those the role may read remain.
  const tiles = figures ? TILES.filter(({ key }) => figures[key] !== undefined) : TILES;
  return (
    <Box sx={{ mt: 2, display: "grid", gap: 2 }}>
      <Title title={<PageTitle text="Dashboard" />} />
      {error && <Alert severity="error">Could not load the dashboard: {error}</Alert>}
      {figures?.placeholder_settings && (
        <Alert
          severity="warning"
          data-testid="placeholder-settings"
          action={
            <Button component={LinkBase} to="/settings" color="inherit" size="small">
              Edit settings
            </Button>
          }
        >
          The business settings are still placeholders (“[placeholder] Example Remit”, “FRN 000000”), and the apps and
          the sign-in page show them to customers.
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
        {tiles.map(({ key, label, to, warning }) => (
          <Card key={key}>
            <CardActionArea component={LinkBase} to={to()} sx={{ height: "100%" }}>
              <CardContent>
                <Typography color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography variant="h4" data-testid={`count-${key}`}>
                  {figures ? figures[key]?.toLocaleString("en-GB") : <Skeleton width={60} />}
                </Typography>
                {figures && warning?.(figures) && (
                  <Typography variant="body2" sx={{ color: "warning.dark" }} data-testid={`warning-${key}`}>
                    {warning(figures)}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {figures?.activity && <ActivityCharts activity={figures.activity} />}
      {figures && <OperationsPanels figures={figures} />}
      {figures?.retention && <RetentionCard retention={figures.retention} />}
    </Box>
  );
}

// Drawn at once: an animation would show a half-drawn chart to a screenshot or a quick glance.
const series = { dot: { r: 2 }, isAnimationActive: false } as const;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

function ActivityCharts({ activity }: { activity: ActivityDay[] }) {
  const { palette } = useTheme();
  const axis = { stroke: palette.text.secondary, fontSize: 12 };
  const tooltip = {
    labelFormatter: (day: unknown) => dayLabel(String(day)),
    contentStyle: { background: palette.background.paper, borderColor: palette.divider },
  };
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fit, minmax(420px, 1fr))" }}>
      <ChartCard title="Registrations and logins per day, last 30 days (UTC)" testId="chart-activity">
        <LineChart data={activity}>
          <CartesianGrid stroke={palette.divider} strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} />
          <Legend />
          <Line
            type="monotone"
            dataKey="registrations"
            name="Registrations"
            stroke={palette.primary.main}
            dot={false}
          />
          <Line type="monotone" dataKey="logins" name="Logins" stroke={palette.success.main} {...series} />
        </LineChart>
      </ChartCard>
      <ChartCard title="Failed and rate-limited attempts per day, last 30 days (UTC)" testId="chart-failures">
        <BarChart data={activity}>
          <CartesianGrid stroke={palette.divider} strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: palette.action.hover }} />
          <Legend />
          <Bar dataKey="failed_logins" name="Failed logins" fill={palette.warning.main} isAnimationActive={false} />
          <Bar
            dataKey="rate_limited"
            name="Rate-limited attempts"
            fill={palette.error.main}
            isAnimationActive={false}
          />
        </BarChart>
      </ChartCard>
    </Box>
  );
}

function ChartCard({
  title,
  testId,
  note,
  children,
}: {
  title: string;
  testId: string;
  note?: string;
  children: React.ReactElement;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        {note && (
          <Typography variant="body2" sx={{ color: "warning.dark" }} gutterBottom>
            {note}
          </Typography>
        )}
        <Box sx={{ height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Operations' panels: what the API clients do, what the outbox sends, what changed in the reference data. */
function OperationsPanels({ figures }: { figures: DashboardFigures }) {
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

function useChartStyle() {
  const { palette } = useTheme();
  return {
    palette,
    axis: { stroke: palette.text.secondary, fontSize: 12 },
    tooltip: {
      labelFormatter: (day: unknown) => dayLabel(String(day)),
      contentStyle: { background: palette.background.paper, borderColor: palette.divider },
      cursor: { fill: palette.action.hover },
    },
  };
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
                  <TableCell>{change.staff_name ?? "command line"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
