/**
 * The audit entries, newest first, filtered by resource, action and record, and for sign-ins by
 * outcome and e-mail; a row expands to its changes.
 */
import { Datagrid, DateField, List, SelectInput, TextField, TextInput } from "react-admin";
import { EmptyState } from "../EmptyState";
import { AUDITED_RESOURCES, SIGN_IN_OUTCOMES } from "../choices";
import BeforeAndAfter from "./BeforeAndAfter";

const filters = [
  <SelectInput key="resource" source="resource" choices={AUDITED_RESOURCES} alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="resource_id" source="resource_id" label="Record id" />,
  <SelectInput key="outcome" source="outcome" label="Sign-in outcome" choices={SIGN_IN_OUTCOMES} />,
  <TextInput key="email" source="email" label="Sign-in e-mail" />,
];

export default function AuditLogList() {
  return (
    <List
      exporter={false}
      empty={<EmptyState>Nothing has been changed yet.</EmptyState>}
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
    >
      <Datagrid rowClick="expand" expand={<BeforeAndAfter />} bulkActionButtons={false}>
        <DateField source="created_at" label="Time" showTime />
        <TextField source="staff_email" label="By" emptyText="command line" />
        <TextField source="action" />
        <TextField source="resource" />
        <TextField source="resource_id" label="Record" />
        <TextField source="outcome" label="Sign-in" emptyText="" />
        <TextField source="email" label="E-mail tried" emptyText="" />
        <TextField source="ip" label="IP" emptyText="" />
        <TextField
          source="user_agent"
          label="Browser"
          emptyText=""
          sx={{ display: "block", maxWidth: 200, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        />
      </Datagrid>
    </List>
  );
}
