/**
 * The compliance actions on a customer's page: Block or Unblock, Sign out everywhere, Resend
 * verification e-mail (to an active customer not yet verified) and Reset two-factor (to a customer
 * who has it on), each asking in a dialog for the reason the audit log keeps. Shown to the roles that may write customers.
 */
import { useState } from "react";
import BlockIcon from "@mui/icons-material/Block";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import LogoutIcon from "@mui/icons-material/Logout";
import MarkEmailUnreadIcon from "@mui/icons-material/MarkEmailUnread";
import PhonelinkEraseIcon from "@mui/icons-material/PhonelinkErase";
import { Button, useCanAccess, useDataProvider, useRecordContext } from "react-admin";
import type { AdminDataProvider, CustomerAction } from "../dataProvider";
import { ReasonDialog } from "../ReasonDialog";

const ACTIONS: Record<CustomerAction, { label: string; explanation: string; icon: React.ReactElement }> = {
  block: {
    label: "Block",
    explanation: "Every session ends now; the customer cannot log in nor reset the password until unblocked.",
    icon: <BlockIcon />,
  },
  unblock: {
    label: "Unblock",
    explanation: "The customer can log in and reset the password again.",
    icon: <LockOpenIcon />,
  },
  "revoke-sessions": {
    label: "Sign out everywhere",
    explanation: "Every session of the customer ends now; the customer can log in again.",
    icon: <LogoutIcon />,
  },
  "resend-verification": {
    label: "Resend verification e-mail",
    explanation:
      "A new verification link goes to the customer's address, built from the link the customer's app registered with; earlier links stop working.",
    icon: <MarkEmailUnreadIcon />,
  },
  "reset-mfa": {
    label: "Reset two-factor",
    explanation:
      "For a customer who lost their authenticator: two-factor and the recovery codes are deleted, and the customer logs in with the password alone until they set it up again. They are e-mailed a notice.",
    icon: <PhonelinkEraseIcon />,
  },
};

/** What the page says once an action is done. */
function doneMessage(action: CustomerAction, label: string, result: Record<string, unknown>): string {
  if (action === "revoke-sessions") return `Sessions signed out: ${result.revoked}`;
  if (action === "resend-verification") return `Verification e-mail sent to ${result.sent_to}`;
  return `${label}: done`;
}

export default function ComplianceActions() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: "customers", action: "edit" });
  const [asking, setAsking] = useState<CustomerAction | null>(null);
  if (!record || !canAccess || record.status === "closed") return null;
  const shown: CustomerAction[] = [record.status === "blocked" ? "unblock" : "block", "revoke-sessions"];
  if (record.status === "active" && !record.verified) shown.push("resend-verification");
  if (record.two_factor_enabled_at) shown.push("reset-mfa");
  return (
    <>
      {shown.map((action) => (
        <Button key={action} label={ACTIONS[action].label} onClick={() => setAsking(action)}>
          {ACTIONS[action].icon}
        </Button>
      ))}
      {asking && <ActionDialog id={record.id} action={asking} onClose={() => setAsking(null)} />}
    </>
  );
}

function ActionDialog({ id, action, onClose }: { id: string | number; action: CustomerAction; onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { label, explanation } = ACTIONS[action];
  return (
    <ReasonDialog
      title={label}
      explanation={explanation}
      send={async (reason) => doneMessage(action, label, await dataProvider.customerAction(id, action, reason))}
      onClose={onClose}
    />
  );
}
