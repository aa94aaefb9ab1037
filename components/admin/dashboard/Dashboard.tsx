/**
 * The back office's first page: tiles that open the list they count, charts of the last 30 days of
 * account activity, and for operations the API clients' calls and last use, the outbox's days and
 * the reference data changed lately (lib/domain/dashboard). The server leaves out what the role may not
 * read, so each person sees only the tiles and charts of their own resources. Those who edit the
 * settings are warned while any of them still holds a placeholder, each named. Admins and compliance see retention's
 * runs (RetentionCard.tsx).
 */
import { useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from "@mui/material";
import { LinkBase, Title, useDataProvider } from "react-admin";
import type { Dashboard as DashboardFigures } from "@/lib/domain/dashboard/read-dashboard";
import type { AdminDataProvider } from "../dataProvider";
import { PageTitle } from "../PageTitle";
import { SETTINGS_FIELD_LABELS } from "../choices";
import { RetentionCard } from "./RetentionCard";
import { ActivityCharts } from "./ActivityCharts";
import { OperationsPanels } from "./OperationsPanels";

type CountKey =
  | "customers"
  | "registrations_this_week"
  | "profiles_awaiting_review"
  | "open_screening_matches"
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
  {
    key: "open_screening_matches",
    label: "Possible screening matches",
    to: () => listLink("screening/matches", { status: "open" }),
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
      {figures?.placeholder_settings && figures.placeholder_settings.length > 0 && (
        <Alert
          severity="warning"
          data-testid="placeholder-settings"
          action={
            <Button component={LinkBase} to="/settings" color="inherit" size="small">
              Edit settings
            </Button>
          }
        >
          Business settings still hold placeholders (“[placeholder] Example Remit”, “FRN 000000”):{" "}
          {figures.placeholder_settings.map((field) => SETTINGS_FIELD_LABELS[field]).join(", ")}. The apps and the
          sign-in page show them to customers.
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
