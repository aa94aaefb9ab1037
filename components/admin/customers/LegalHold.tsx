/**
 * A customer's legal hold on their page (issue 28): whether one is on and since when (while it is,
 * retention leaves the account's data alone), and for the roles that may write customers a button
 * that sets or lifts it, asking in a dialog for the reason the audit log keeps. Shown for closed
 * accounts too: that is where a hold matters.
 */
import { useState } from "react";
import GavelIcon from "@mui/icons-material/Gavel";
import { Alert } from "@mui/material";
import { Button, useCanAccess, useDataProvider, useRecordContext } from "react-admin";
import type { CustomerRecord } from "@/lib/domain/customer-profiles/customer-record";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { ReasonDialog } from "../ReasonDialog";

export default function LegalHold() {
  const record = useRecordContext<CustomerRecord>();
  const { canAccess } = useCanAccess({ resource: "customers", action: "edit" });
  const [asking, setAsking] = useState(false);
  if (!record) return null;
  const held = record.legal_hold_since !== null;
  return (
    <Alert
      severity={held ? "warning" : "info"}
      icon={<GavelIcon />}
      data-testid="legal-hold"
      action={
        canAccess && <Button label={held ? "Lift legal hold" : "Set legal hold"} onClick={() => setAsking(true)} />
      }
    >
      {held
        ? `On legal hold since ${formatDateTime(record.legal_hold_since, { withSeconds: true })}: retention keeps this account's data.`
        : "No legal hold: retention applies to this account's data as to any other."}
      {asking && <HoldDialog id={record.id} hold={!held} onClose={() => setAsking(false)} />}
    </Alert>
  );
}

function HoldDialog({ id, hold, onClose }: { id: number; hold: boolean; onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const label = hold ? "Set legal hold" : "Lift legal hold";
  return (
    <ReasonDialog
      title={label}
      explanation={
        hold
          ? "Retention will not pseudonymise this account's data, however long it has been closed, until the hold is lifted."
          : "Retention applies again: if the account has been closed longer than the retention period, its personal data is pseudonymised at the next run."
      }
      send={async (reason) => {
        const { changed } = await dataProvider.setLegalHold(id, { hold, reason });
        return changed ? `${label}: done` : hold ? "Already on legal hold" : "Not on legal hold";
      }}
      onClose={onClose}
    />
  );
}
