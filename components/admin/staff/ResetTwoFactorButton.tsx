/** An admin resets a colleague's two-factor (a lost phone) after a confirmation: audited by the server. */
import { useState } from "react";
import PhonelinkEraseIcon from "@mui/icons-material/PhonelinkErase";
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { ConfirmDialog } from "../ConfirmDialog";

export default function ResetTwoFactorButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  if (!record?.two_factor) return null;
  const reset = async () => {
    setConfirming(false);
    try {
      await dataProvider.resetTwoFactor(record.id);
      notify(`Two-factor of ${record.email} is reset`);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Reset two-factor" color="warning" onClick={() => setConfirming(true)}>
        <PhonelinkEraseIcon />
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Reset this member's two-factor?"
        content="Their authenticator app and recovery codes stop working. They sign in with the password alone and set up two-factor again (at once, if their role requires it)."
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
