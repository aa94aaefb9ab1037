/** The API clients, searchable; a row opens the edit page for those who may edit, else the show page. */
import {
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
  useCanAccess,
} from "react-admin";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { originsText } from "./clientFields";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or client id" />,
  <NullableBooleanInput key="active" source="active" />,
];

export default function ClientList() {
  const { canAccess: canEdit } = useCanAccess({ resource: "clients", action: "edit" });
  return (
    <List
      title={<PageTitle text="API clients" />}
      exporter={false}
      filters={filters}
      sort={{ field: "id", order: "ASC" }}
    >
      <Datagrid rowClick={canEdit ? "edit" : "show"} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Allowed origins" render={originsText} />
        <BooleanField source="active" />
        <DateTimeField source="last_used_at" label="Last used" emptyText="Never" />
        <DateTimeField source="created_at" label="Created" />
      </Datagrid>
    </List>
  );
}
