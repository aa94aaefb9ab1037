import PublicIcon from "@mui/icons-material/Public";
import { Switch } from "@mui/material";
import {
  BooleanInput,
  Datagrid,
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
  useCanAccess,
  useNotify,
  usePermissions,
  useRecordContext,
  useUpdate,
} from "react-admin";
import { mayEditCountryDetails } from "@/lib/staff/permissions";

/** Countries: search by name or ISO code, flip "source country" in place; names and codes are admin-only. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or ISO code" />,
  <NullableBooleanInput key="is_source" source="is_source" label="Source country" alwaysOn />,
];

// `label` is read by the Datagrid for the column header.
function SourceToggle(_props: { label?: string }) {
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: "countries", action: "edit" });
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const toggle = () =>
    update(
      "countries",
      { id: record.id, data: { is_source: !record.is_source }, previousData: record },
      {
        mutationMode: "pessimistic",
        onSuccess: (saved) => notify(`${saved.known_name} ${saved.is_source ? "is now" : "is no longer"} a source country`),
        onError: (error) => notify((error as Error).message, { type: "error" }),
      },
    );
  return (
    <Switch
      checked={!!record.is_source}
      disabled={!canAccess || isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={toggle}
      slotProps={{ input: { "aria-label": `${record.known_name} is a source country` } }}
    />
  );
}

function CountryList() {
  return (
    <List exporter={false} filters={filters} sort={{ field: "known_name", order: "ASC" }} perPage={25}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="known_name" label="Name" />
        <TextField source="iso_code_alpha2" label="ISO 2" />
        <TextField source="iso_code_alpha3" label="ISO 3" />
        <NumberField source="isd_code" label="Dialling code" options={{ useGrouping: false }} />
        <SourceToggle label="Source country" />
        <EditButton />
      </Datagrid>
    </List>
  );
}

function CountryEdit() {
  const { permissions } = usePermissions();
  const readOnly = !mayEditCountryDetails(permissions);
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <BooleanInput source="is_source" label="Source country (customers may register and send from here)" />
        <TextInput source="known_name" readOnly={readOnly} validate={required()} helperText={readOnly ? "Only an admin may change names and codes" : false} />
        <TextInput source="official_name" readOnly={readOnly} validate={required()} />
        <TextInput source="endonym" readOnly={readOnly} validate={required()} />
        <TextInput source="demonym" readOnly={readOnly} validate={required()} />
        <NumberInput source="isd_code" label="Dialling code" readOnly={readOnly} validate={required()} />
        <TextInput source="iso_code_alpha2" label="ISO alpha-2" readOnly={readOnly} validate={required()} />
        <TextInput source="iso_code_alpha3" label="ISO alpha-3" readOnly={readOnly} validate={required()} />
        <TextInput source="fips_code" label="FIPS code" readOnly={readOnly} />
        <TextInput source="slug" readOnly={readOnly} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}

const countries = { list: CountryList, edit: CountryEdit, icon: PublicIcon, recordRepresentation: "known_name" };
export default countries;
