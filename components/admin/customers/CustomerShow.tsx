/**
 * One customer account, its status, the other accounts linked to it by device or address, and its
 * events (registration, logins, resets, verification, staff actions), newest first, with the
 * compliance actions for the roles that may take them.
 */
import {
  ArrayField,
  BooleanField,
  Datagrid,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from "react-admin";
import { CUSTOMER_EVENT_TYPES, CUSTOMER_SOURCES, CUSTOMER_STATUSES } from "../choices";
import ComplianceActions from "./ComplianceActions";
import LinkedAccounts from "./LinkedAccounts";
import { DateTimeField } from "../DateTimeField";
import { RecordTitle } from "../PageTitle";

export default function CustomerShow() {
  return (
    <Show
      title={<RecordTitle />}
      actions={
        <TopToolbar>
          <ComplianceActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="email" label="E-mail" />
        <SelectField source="status" choices={CUSTOMER_STATUSES} />
        <DateTimeField source="blocked_at" label="Blocked" emptyText="—" />
        <BooleanField source="verified" label="E-mail verified" />
        <DateTimeField source="email_verified_at" label="Verified at" emptyText="—" />
        <SelectField source="source" choices={CUSTOMER_SOURCES} />
        <TextField source="registered_via_name" label="Registered via" emptyText="—" />
        <DateTimeField source="created_at" label="Registered" />
        <DateTimeField source="closed_at" label="Closed" emptyText="—" />
        <LinkedAccounts />
        <ArrayField source="events" label="Account events (newest first)">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No account events recorded.</p>}>
            <DateTimeField source="created_at" label="Time" />
            <SelectField source="type" choices={CUSTOMER_EVENT_TYPES} />
            <TextField source="outcome" />
            <TextField source="ip" label="IP" />
            <TextField source="user_agent" label="User agent" />
            <TextField source="fingerprint" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
