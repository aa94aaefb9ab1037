/** The staff accounts, searchable by e-mail or name and filtered by role and whether active. */
import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from "react-admin";
import { STAFF_ROLES } from "../choices";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or name" />,
  <SelectInput key="role" source="role" choices={STAFF_ROLES} />,
  <NullableBooleanInput key="active" source="active" />,
];

export default function StaffList() {
  return (
    <List title={<PageTitle text="Staff" />} exporter={false} filters={filters} sort={{ field: "id", order: "ASC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="email" label="E-mail" />
        <TextField source="name" />
        <SelectField source="role" choices={STAFF_ROLES} />
        <BooleanField source="active" />
        <BooleanField source="two_factor" label="Two-factor" sortable={false} />
        <DateTimeField source="last_login_at" label="Last sign-in" emptyText="Never" />
      </Datagrid>
    </List>
  );
}
