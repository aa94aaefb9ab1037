/**
 * Export data, on a customer's page (issue 28): asks for the reason the audit log keeps, then saves
 * the customer's subject-access export (POST /api/admin/customers/{id}/export) as a JSON file named
 * with the customer's id and the day. Closed accounts too. Shown to the roles that may export customers.
 */
import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, useCanAccess, useDataProvider, useRecordContext } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { ReasonDialog } from "../ReasonDialog";
import { saveFile } from "../saveFile";

const LABEL = "Export data";

export default function ExportDataButton() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: "customers", action: "export" });
  const [asking, setAsking] = useState(false);
  if (!record || !canAccess) return null;
  return (
    <>
      <Button label={LABEL} onClick={() => setAsking(true)}>
        <DownloadIcon />
      </Button>
      {asking && <ExportDialog id={record.id} onClose={() => setAsking(false)} />}
    </>
  );
}

function ExportDialog({ id, onClose }: { id: string | number; onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return (
    <ReasonDialog
      title={LABEL}
      explanation="A JSON file with everything the service holds about the customer, as the customer would get it (a subject-access request). The export is recorded in the audit log with your reason, and in the account's events."
      send={async (reason) => {
        const file = await dataProvider.exportCustomerData(id, reason);
        saveFile(file);
        return `Saved ${file.filename}`;
      }}
      onClose={onClose}
    />
  );
}
