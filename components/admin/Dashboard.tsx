/** The back office's first page: counts of customers, API clients and e-mails (lib/dashboard). */
import { useEffect, useState } from "react";
import { Alert, Box, Card, CardContent, Skeleton, Typography } from "@mui/material";
import { Title, useDataProvider } from "react-admin";
import type { DashboardCounts } from "@/lib/dashboard/read-dashboard";
import type { AdminDataProvider } from "./dataProvider";

const TILES: { key: keyof DashboardCounts; label: string }[] = [
  { key: "customers", label: "Customers" },
  { key: "registrations_this_week", label: "Registrations in the last 7 days" },
  { key: "active_api_clients", label: "Active API clients" },
  { key: "pending_emails", label: "E-mails waiting to be sent" },
  { key: "failed_emails", label: "E-mails that failed" },
];

export function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [counts, setCounts] = useState<DashboardCounts>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    dataProvider.dashboard().then(setCounts, (failure: Error) => setError(failure.message));
  }, [dataProvider]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      {error && <Alert severity="error">Could not load the counts: {error}</Alert>}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
        {TILES.map(({ key, label }) => (
          <Card key={key}>
            <CardContent>
              <Typography color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography variant="h4" data-testid={`count-${key}`}>
                {counts ? counts[key].toLocaleString() : <Skeleton width={60} />}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
