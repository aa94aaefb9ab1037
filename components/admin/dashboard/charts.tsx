/** What the dashboard's charts share: the card around each, day labels, and the theme's colours for axes and tooltips. */
import { Box, Card, CardContent, Typography, useTheme } from "@mui/material";
import { ResponsiveContainer } from "recharts";

// Drawn at once: an animation would show a half-drawn chart to a screenshot or a quick glance.
export const series = { dot: { r: 2 }, isAnimationActive: false } as const;

export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export function ChartCard({
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

export function useChartStyle() {
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
