/**
 * The pagination of the big lists (customers, audit log, outbox): react-admin's, over the rows the
 * API pages through, and beside it the total as far as it was counted when the list holds more
 * ("About 1,000,000 match", "More than 10,000 match"), with how to reach what lies past the pages.
 */
import { Pagination, useListContext } from "react-admin";
import { Box, Typography } from "@mui/material";

/** The list's meta.totalEstimate (dataProvider.ts), from the API's X-Total-Estimate header. */
function estimateInWords(estimate: unknown): string | undefined {
  const match = typeof estimate === "string" ? /^(about|more than) (\d+)$/.exec(estimate) : null;
  if (!match) return undefined;
  const rows = Number(match[2]).toLocaleString("en-GB");
  return `${match[1] === "about" ? "About" : "More than"} ${rows} match`;
}

export function ListPagination() {
  const { meta, total } = useListContext();
  const words = estimateInWords(meta?.totalEstimate);
  return (
    <Box>
      <Pagination />
      {words && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: "right", px: 2, pb: 1 }} role="status">
          {words}. The pages show the first {total?.toLocaleString("en-GB")}: sort the other way or narrow the filters
          to see the rest.
        </Typography>
      )}
    </Box>
  );
}
