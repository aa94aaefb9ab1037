/**
 * The dialog a staff action on a customer asks its reason in (the compliance actions, the legal
 * hold, a data export): what the action does, the reason the audit log keeps, Cancel and the
 * action's own button, enabled once a reason is given. `send` does the action with the reason and
 * returns what to tell the member; on success the dialog closes and the page reloads its record (the
 * action shows in it), on failure it shows the error and stays open.
 */
import { useId, useState } from "react";
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { Button, useNotify, useRefresh } from "react-admin";
import { ReasonField } from "./ReasonField";

export function ReasonDialog({
  title,
  explanation,
  send,
  onClose,
}: {
  title: string;
  explanation: string;
  send(reason: string): Promise<string>;
  onClose(): void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    try {
      notify(await send(reason));
      onClose();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{explanation}</DialogContentText>
        <ReasonField label="Reason (kept in the audit log)" value={reason} onChange={setReason} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button label="Cancel" onClick={onClose} />
        <Button label={title} variant="contained" onClick={confirm} disabled={sending || reason.trim() === ""} />
      </DialogActions>
    </Dialog>
  );
}
