import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  DeleteButton,
  Edit,
  EditButton,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from "react-admin";

/**
 * Locales and timezones have the same shape (id, label, enabled, position) and the same screens;
 * the public API serves the enabled rows, ordered by position.
 */
type Kind = { idLabel: string; idHelp: string };

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NullableBooleanInput key="enabled" source="enabled" />];

export function displayOptionScreens({ idLabel, idHelp }: Kind) {
  const list = () => (
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

  const fields = (
    <>
      <TextInput source="label" validate={required()} />
      <NumberInput source="position" min={0} step={1} helperText="Lower numbers come first in the apps" />
      <BooleanInput source="enabled" helperText="Only enabled entries are offered to customers" />
    </>
  );

  const create = () => (
    <Create redirect="list">
      <SimpleForm defaultValues={{ enabled: true, position: 0 }}>
        <TextInput source="id" label={idLabel} helperText={idHelp} validate={required()} />
        {fields}
      </SimpleForm>
    </Create>
  );

  const edit = () => (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextInput source="id" label={idLabel} readOnly />
        {fields}
      </SimpleForm>
    </Edit>
  );

  return { list, create, edit };
}
