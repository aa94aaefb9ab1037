/**
 * Exports the customers the list's filters select as CSV (POST /api/admin/customers/export: it is
 * recorded, so never a link), showing the rows received of those the server announced while a long
 * one streams, then saves the file; off while the list is empty.
 */
import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Dialog, DialogContent, DialogTitle } from "@mui/material";
import { Button, useDataProvider, useListContext, useNotify } from "react-admin";
import type { AdminDataProvider, DownloadProgress } from "../dataProvider";
import { ExportProgress } from "../ExportProgress";
import { saveFile } from "../saveFile";

export default function ExportCsvButton() {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress>();
  const exportCsv = async () => {
    setProgress(undefined);
    setExporting(true);
    try {
      saveFile(await dataProvider.exportCustomers(filterValues, setProgress));
    } catch (error) {
      notify(`The export failed: ${(error as Error).message}`, { type: "error" });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button label="Export CSV" disabled={!total || exporting} onClick={exportCsv}>
        <DownloadIcon />
      </Button>
      {exporting && (
        <Dialog open maxWidth="xs" fullWidth aria-labelledby="export-customers-title">
          <DialogTitle id="export-customers-title">Exporting customers</DialogTitle>
          <DialogContent>
            <ExportProgress progress={progress} headerLines={1} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
