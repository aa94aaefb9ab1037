/** The dashboard's account activity: registrations and logins, failed and rate-limited attempts, per day for 30 days. */
import { Box, useTheme } from "@mui/material";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ActivityDay } from "@/lib/domain/dashboard/read-dashboard";
import { ChartCard, dayLabel, series } from "./charts";

export function ActivityCharts({ activity }: { activity: ActivityDay[] }) {
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
