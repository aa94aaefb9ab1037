/** Rotates an active client's secret after a confirmation, and shows the new one once. */
import { useState } from "react";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { SecretDialog } from "../SecretDialog";
import { ConfirmDialog } from "../ConfirmDialog";

export default function RotateSecretButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string>();
  if (!record?.active) return null;
  const rotate = async () => {
    setConfirming(false);
    try {
      setSecret((await dataProvider.rotateClientSecret(record.id)).client_secret);
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Rotate secret" onClick={() => setConfirming(true)}>
        <AutorenewIcon />
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Rotate the client secret?"
        content="The current secret stops working at once. The app must be given the new one."
        onConfirm={rotate}
        onClose={() => setConfirming(false)}
      />
      {secret && (
        <SecretDialog
          title={`New client secret for ${record.name}`}
          label="Client secret"
          secret={secret}
          identifier={{ label: "Client id", value: record.client_id }}
          onClose={() => {
            setSecret(undefined);
            refresh();
          }}
        />
      )}
    </>
  );
}
