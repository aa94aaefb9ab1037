/**
 * react-admin's Confirm for the back office's irreversible actions (rotate a secret, revoke a client,
 * reset a password or two-factor, sign out everywhere): the warning icon and colour on the action
 * that does it, a plain close icon on Cancel (react-admin's default puts its warning icon on Cancel).
 */
import CloseIcon from "@mui/icons-material/Close";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { Confirm } from "react-admin";

type Props = Omit<Parameters<typeof Confirm>[0], "CancelIcon" | "ConfirmIcon" | "confirmColor">;

export function ConfirmDialog(props: Props) {
  return <Confirm {...props} confirmColor="warning" ConfirmIcon={WarningAmberIcon} CancelIcon={CloseIcon} />;
}
