/** The outbox, newest first, searchable by recipient and filtered by status and kind; a row opens the e-mail. */
import { Datagrid, List, NumberField, SearchInput, SelectField, SelectInput, TextField } from "react-admin";
import { EmptyState } from "../EmptyState";
import { EMAIL_TEMPLATES, OUTBOX_STATUSES } from "../choices";
import OutboxStatusField from "./OutboxStatusField";
import ResendButton from "./ResendButton";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { ListPagination } from "../ListPagination";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Recipient" />,
  <SelectInput key="status" source="status" choices={OUTBOX_STATUSES} alwaysOn />,
  <SelectInput key="template" source="template" label="E-mail" choices={EMAIL_TEMPLATES} />,
];

export default function OutboxList() {
  return (
    <List
      pagination={<ListPagination />}
      title={<PageTitle text="E-mail outbox" />}
      exporter={false}
      empty={
        <EmptyState>No e-mails yet: they appear here when customers register or ask to reset a password.</EmptyState>
      }
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="created_at" label="Queued" />
        <TextField source="to_address" label="To" />
        <SelectField source="template" label="E-mail" choices={EMAIL_TEMPLATES} />
        <OutboxStatusField label="Status" sortBy="status" />
        <NumberField source="attempts" />
        <DateTimeField source="sent_at" label="Sent" emptyText="—" />
        <TextField source="last_error" label="Last error" emptyText="—" />
        <ResendButton />
      </Datagrid>
    </List>
  );
}
