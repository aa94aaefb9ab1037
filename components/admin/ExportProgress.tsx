/**
 * How far along a streamed export is (postForFile's progress): the rows received so far, of the
 * number the server announced, as a bar a screen reader reads too. `headerLines`: the lines before
 * the first row (a CSV file's header).
 */
import { Box, LinearProgress, Typography } from "@mui/material";
import type { DownloadProgress } from "./dataProvider";

export function ExportProgress({ progress, headerLines }: { progress?: DownloadProgress; headerLines: number }) {
  const received = Math.max(0, (progress?.lines ?? 0) - headerLines);
  const rows = progress?.rows ?? null;
  const percent = rows ? Math.min(100, (received / rows) * 100) : undefined;
  const words =
    rows === null
      ? `${received.toLocaleString("en-GB")} rows received`
      : `${Math.min(received, rows).toLocaleString("en-GB")} of ${rows.toLocaleString("en-GB")} rows received`;
  return (
    <Box sx={{ width: "100%" }}>
      <LinearProgress
        aria-label="Export progress"
        variant={percent === undefined ? "indeterminate" : "determinate"}
        value={percent}
      />
      <Typography variant="body2" role="status" sx={{ mt: 1 }}>
        {progress ? words : "Preparing the export…"}
      </Typography>
    </Box>
  );
}
