/** The placeholder of a back-office list that has no rows yet. */
import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import InboxIcon from "@mui/icons-material/Inbox";

/** What a list says when it has nothing yet, for lists staff do not fill themselves. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ textAlign: "center", mt: 8, color: "text.secondary" }}>
      <InboxIcon sx={{ fontSize: 96, opacity: 0.5 }} />
      <Typography variant="h6">{children}</Typography>
    </Box>
  );
}
