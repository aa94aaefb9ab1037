/** The API clients, searchable; a row opens the edit page for those who may edit, else the show page. */
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
  useCanAccess,
} from "react-admin";
import { originsText } from "./clientFields";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or client id" />,
  <NullableBooleanInput key="active" source="active" />,
];

export default function ClientList() {
  const { canAccess: canEdit } = useCanAccess({ resource: "clients", action: "edit" });
  return (
    <List exporter={false} filters={filters} sort={{ field: "id", order: "ASC" }}>
      <Datagrid rowClick={canEdit ? "edit" : "show"} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Allowed origins" render={originsText} />
        <BooleanField source="active" />
        <DateField source="last_used_at" label="Last used" showTime emptyText="Never" />
        <DateField source="created_at" label="Created" showTime />
      </Datagrid>
    </List>
  );
}
