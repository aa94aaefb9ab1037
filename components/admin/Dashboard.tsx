/**
 * The back office's first page: tiles that open the list they count, and charts of the last 30
 * days of account activity (lib/dashboard). The server leaves out what the role may not read, so
 * each person sees only the tiles and charts of their own resources. Those who edit the settings
 * are warned while they are still the seed's placeholders.
 */
import { useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography, useTheme } from "@mui/material";
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
import { LinkBase, Title, useDataProvider } from "react-admin";
import type { ActivityDay, Dashboard as DashboardFigures } from "@/lib/dashboard/read-dashboard";
import type { AdminDataProvider } from "./dataProvider";
import { PageTitle } from "./PageTitle";

type CountKey = Exclude<keyof DashboardFigures, "activity" | "placeholder_settings">;

/** A react-admin list with a filter, as a link of the back office's own router. */
const listLink = (resource: string, filter?: Record<string, unknown>) =>
  filter ? `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${resource}`;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const TILES: { key: CountKey; label: string; to: () => string }[] = [
  { key: "customers", label: "Customers", to: () => listLink("customers") },
  {
    key: "registrations_this_week",
    label: "Registrations in the last 7 days",
    to: () => listLink("customers", { created_gte: daysAgo(6) }),
  },
  { key: "active_api_clients", label: "Active API clients", to: () => listLink("clients", { active: true }) },
  { key: "pending_emails", label: "E-mails waiting to be sent", to: () => listLink("outbox", { status: "pending" }) },
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
        {tiles.map(({ key, label, to }) => (
          <Card key={key}>
            <CardActionArea component={LinkBase} to={to()} sx={{ height: "100%" }}>
              <CardContent>
                <Typography color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography variant="h4" data-testid={`count-${key}`}>
                  {figures ? figures[key]?.toLocaleString("en-GB") : <Skeleton width={60} />}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {figures?.activity && <ActivityCharts activity={figures.activity} />}
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

function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactElement }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}
