/** The countries by name, searchable by name or ISO code and filtered by whether they are a source. */
import { Datagrid, EditButton, List, NullableBooleanInput, NumberField, SearchInput, TextField } from "react-admin";
import { PageTitle } from "../PageTitle";
import SourceToggle from "./SourceToggle";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or ISO code" />,
  <NullableBooleanInput key="is_source" source="is_source" label="Source country" alwaysOn />,
];

export default function CountryList() {
  return (
    <List
      title={<PageTitle text="Countries" />}
      exporter={false}
      filters={filters}
      sort={{ field: "known_name", order: "ASC" }}
      perPage={25}
    >
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
