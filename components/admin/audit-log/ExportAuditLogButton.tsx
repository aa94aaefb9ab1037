/**
 * The audit log's **Export** for admins (hidden for other roles): a dialog asks for the first and
 * last day (UTC, both included) and the format; the export is POSTed (it is recorded, so never a
 * link), the dialog shows the rows received while it streams, and the browser saves the file it
 * answers. A refusal shows in the dialog.
 */
import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Button as DialogButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import { Button, Form, SelectInput, useCanAccess, useDataProvider } from "react-admin";
import type { AdminDataProvider, DownloadProgress } from "../dataProvider";
import { ExportProgress } from "../ExportProgress";
import { DayInput } from "../DayInput";
import { saveFile } from "../saveFile";

const FORMATS = [
  { id: "csv", name: "CSV (spreadsheet)" },
  { id: "jsonl", name: "JSON Lines" },
];

const today = () => new Date().toISOString().slice(0, 10);

export default function ExportAuditLogButton() {
  const { canAccess } = useCanAccess({ resource: "audit-log-export", action: "export" });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="Export" onClick={() => setOpen(true)}>
        <DownloadIcon />
      </Button>
      {open && <ExportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ExportDialog({ onClose }: { onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [problem, setProblem] = useState<string>();
  const [progress, setProgress] = useState<DownloadProgress>();
  // While exporting: the lines before the first row (the CSV header).
  const [exporting, setExporting] = useState<number>();
  const submit = async (values: Record<string, unknown>) => {
    const [from, to, format] = [values.from, values.to, values.format].map((value) => String(value ?? ""));
    if (!from || !to || !format) return setProblem("Choose the first day, the last day and a format.");
    if (from > to) return setProblem("The first day must not be after the last.");
    setProblem(undefined);
    setProgress(undefined);
    setExporting(format === "csv" ? 1 : 0);
    try {
      saveFile(await dataProvider.exportAuditLog({ format, from, to }, setProgress));
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="export-audit-log-title">
      <Form onSubmit={submit} defaultValues={{ from: today(), to: today(), format: "csv" }} noValidate>
        <DialogTitle id="export-audit-log-title">Export the audit log</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2}>
              <DayInput source="from" label="From" />
              <DayInput source="to" label="To" />
            </Stack>
            <SelectInput source="format" label="Format" choices={FORMATS} helperText="Days in UTC, both included" />
            {exporting !== undefined && <ExportProgress progress={progress} headerLines={exporting} />}
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogButton onClick={onClose}>Cancel</DialogButton>
          <DialogButton type="submit" variant="contained" disabled={exporting !== undefined}>
            Download
          </DialogButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
