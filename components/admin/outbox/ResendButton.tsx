/** Puts a failed e-mail back in the queue, for those who may edit the outbox. */
import ReplayIcon from "@mui/icons-material/Replay";
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";

export default function ResendButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: "outbox", action: "edit" });
  if (record?.status !== "failed" || !canAccess) return null;
  const resend = async () => {
    try {
      await dataProvider.resendEmail(record.id);
      notify("The e-mail is back in the queue");
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <Button
      label="Send again"
      onClick={(event) => {
        // In a list row, the click would also open the e-mail.
        event.stopPropagation();
        resend();
      }}
    >
      <ReplayIcon />
    </Button>
  );
}
