/**
 * An admin signs a colleague out everywhere (a stolen laptop or cookie) after a confirmation: every
 * session of the member ends on the server at once. Audited by the server. One's own sessions end
 * with Sign out in the user menu.
 */
import { useState } from "react";
import LogoutIcon from "@mui/icons-material/Logout";
import { Button, useDataProvider, useGetIdentity, useNotify, useRecordContext } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { ConfirmDialog } from "../ConfirmDialog";

export default function SignOutEverywhereButton() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  if (!record || String(record.id) === String(identity?.id)) return null;
  const signOutEverywhere = async () => {
    setConfirming(false);
    try {
      await dataProvider.signOutStaffEverywhere(record.id);
      notify(`Every session of ${record.email} has ended`);
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Sign out everywhere" onClick={() => setConfirming(true)}>
        <LogoutIcon />
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title="Sign this member out everywhere?"
        content="Every session of theirs ends at once, on every device, including any copy of its cookie. They can sign in again with their password."
        onConfirm={signOutEverywhere}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
