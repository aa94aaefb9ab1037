/** An admin gives a colleague a generated password, after a confirmation, and sees it once. */
import { useState } from "react";
import LockResetIcon from "@mui/icons-material/LockReset";
import { Button, useDataProvider, useGetIdentity, useNotify, useRecordContext } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { SecretDialog } from "../SecretDialog";
import { ConfirmDialog } from "../ConfirmDialog";

export default function ResetPasswordButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string>();
  // One's own password is changed from the user menu, with the current one.
  if (!record || String(record.id) === String(identity?.id)) return null;
  const reset = async () => {
    setConfirming(false);
    try {
      setPassword((await dataProvider.resetStaffPassword(record.id)).password);
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Reset password" onClick={() => setConfirming(true)}>
        <LockResetIcon />
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title={`Reset the password of ${record.name}?`}
        content="Their current password stops working and every session of theirs ends. You will see the new one once, to hand over."
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      />
      {password && (
        <SecretDialog
          title={`New password for ${record.email}`}
          label="Password"
          secret={password}
          onClose={() => setPassword(undefined)}
        />
      )}
    </>
  );
}
