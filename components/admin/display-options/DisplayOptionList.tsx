/** A display option's list, by position: edit or delete in place. */
import {
  BooleanField,
  Datagrid,
  DateField,
  DeleteButton,
  EditButton,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  TextField,
} from "react-admin";
import { useDisplayOptionKind } from "./displayOptionKind";

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="enabled" source="enabled" />];

export default function DisplayOptionList() {
  const { idLabel } = useDisplayOptionKind();
  return (
    <List exporter={false} filters={filters} sort={{ field: "position", order: "ASC" }} perPage={50}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <NumberField source="position" />
        <TextField source="id" label={idLabel} />
        <TextField source="label" />
        <BooleanField source="enabled" />
        <DateField source="updated_at" showTime label="Updated" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
