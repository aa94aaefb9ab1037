import MailIcon from "@mui/icons-material/Mail";
import ReplayIcon from "@mui/icons-material/Replay";
import {
  Button,
  Datagrid,
  DateField,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { EmptyState } from "../EmptyState";
import type { AdminDataProvider } from "../dataProvider";
import { OUTBOX_STATUSES } from "../choices";

/** The e-mail outbox: what was sent, what waits, what failed; a failed one can be sent again. */
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Recipient" />, <SelectInput key="status" source="status" choices={OUTBOX_STATUSES} alwaysOn />];

function ResendButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: "outbox", action: "edit" });
  if (!record || record.status !== "failed" || !canAccess) return null;
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
    <Button label="Send again" onClick={resend}>
      <ReplayIcon />
    </Button>
  );
}

function OutboxList() {
  return (
    <List exporter={false} empty={<EmptyState>No e-mails yet: they appear here when customers register or ask to reset a password.</EmptyState>} filters={filters} sort={{ field: "created_at", order: "DESC" }} perPage={50}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateField source="created_at" label="Queued" showTime />
        <TextField source="to_address" label="To" />
        <TextField source="template" />
        <SelectField source="status" choices={OUTBOX_STATUSES} />
        <NumberField source="attempts" />
        <DateField source="sent_at" label="Sent" showTime emptyText="—" />
        <TextField source="last_error" label="Last error" emptyText="—" />
        <ResendButton />
      </Datagrid>
    </List>
  );
}

const outbox = { list: OutboxList, icon: MailIcon, options: { label: "E-mail outbox" } };
export default outbox;
