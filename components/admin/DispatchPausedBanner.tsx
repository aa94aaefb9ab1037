/**
 * The banner every member sees above each page while e-mails and webhooks are paused (a restored
 * copy, GET /api/admin/dashboard/dispatch): why, since when, and the command that resumes them.
 * Nothing shows while they go out, or when the state cannot be read.
 */
import { useEffect, useState } from "react";
import { Alert, AlertTitle } from "@mui/material";
import { useDataProvider } from "react-admin";
import type { DispatchState } from "@/lib/domain/dispatch/read-dispatch";
import type { AdminDataProvider } from "./dataProvider";
import { formatDateTime } from "./DateTimeField";

export function DispatchPausedBanner() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<DispatchState>();
  useEffect(() => {
    dataProvider.dispatch().then(setState, () => setState(undefined));
  }, [dataProvider]);
  if (!state?.paused) return null;
  return (
    <Alert severity="warning" role="status" aria-label="Dispatch paused" sx={{ mb: 1 }}>
      <AlertTitle>E-mails and webhooks are paused</AlertTitle>
      {state.reason} Paused {formatDateTime(state.paused_at)}. Nothing is sent until an operator runs{" "}
      <code>{state.resume_with}</code> on the server.
    </Alert>
  );
}
