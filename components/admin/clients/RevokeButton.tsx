/** Revokes an active client after a confirmation: its credentials stop working for good. */
import { useState } from "react";
import BlockIcon from "@mui/icons-material/Block";
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { ConfirmDialog } from "../ConfirmDialog";

export default function RevokeButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  if (!record?.active) return null;
  const revoke = async () => {
    setConfirming(false);
    try {
      await dataProvider.revokeClient(record.id);
      notify(`${record.name} is revoked`);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Revoke" color="error" onClick={() => setConfirming(true)}>
        <BlockIcon />
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Revoke this API client?"
        content="Its credentials stop working at once, on every instance. This cannot be undone."
        onConfirm={revoke}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
