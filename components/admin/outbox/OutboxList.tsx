/** The outbox, newest first, searchable by recipient and filtered by status. */
import { Datagrid, DateField, List, NumberField, SearchInput, SelectField, SelectInput, TextField } from "react-admin";
import { EmptyState } from "../EmptyState";
import { OUTBOX_STATUSES } from "../choices";
import ResendButton from "./ResendButton";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Recipient" />,
  <SelectInput key="status" source="status" choices={OUTBOX_STATUSES} alwaysOn />,
];

export default function OutboxList() {
  return (
    <List
      exporter={false}
      empty={
        <EmptyState>No e-mails yet: they appear here when customers register or ask to reset a password.</EmptyState>
      }
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
    >
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
