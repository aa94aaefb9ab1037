import PeopleIcon from "@mui/icons-material/People";
import DownloadIcon from "@mui/icons-material/Download";
import {
  ArrayField,
  BooleanField,
  Button,
  Datagrid,
  DateField,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useListContext,
} from "react-admin";
import { EmptyState } from "../EmptyState";
import { customersExportUrl } from "../dataProvider";
import { CUSTOMER_EVENT_TYPES, CUSTOMER_SOURCES } from "../choices";

/** Customers, read-only, for compliance: search and filters, the account's events, CSV export. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail" />,
  <NullableBooleanInput key="verified" source="verified" label="E-mail verified" />,
  <SelectInput key="source" source="source" label="Source" choices={CUSTOMER_SOURCES} />,
  <DateInput key="created_gte" source="created_gte" label="Registered from" />,
  <DateInput key="created_lte" source="created_lte" label="Registered until" />,
];

function ExportCsvButton() {
  const { filterValues, total } = useListContext();
  return (
    <Button label="Export CSV" disabled={!total} onClick={() => window.location.assign(customersExportUrl(filterValues))}>
      <DownloadIcon />
    </Button>
  );
}

function CustomerList() {
  return (
    <List
      empty={<EmptyState>No customers yet: they appear here when they register through the API or are imported.</EmptyState>}
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportCsvButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" label="E-mail" />
        <BooleanField source="verified" label="Verified" />
        <SelectField source="source" choices={CUSTOMER_SOURCES} />
        <TextField source="registered_via_name" label="Via" emptyText="—" sortable={false} />
        <DateField source="created_at" label="Registered" showTime />
      </Datagrid>
    </List>
  );
}

function CustomerShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="email" label="E-mail" />
        <BooleanField source="verified" label="E-mail verified" />
        <DateField source="email_verified_at" label="Verified at" showTime emptyText="—" />
        <SelectField source="source" choices={CUSTOMER_SOURCES} />
        <TextField source="registered_via_name" label="Registered via" emptyText="—" />
        <DateField source="created_at" label="Registered" showTime />
        <ArrayField source="events" label="Account events (newest first)">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No account events recorded.</p>}>
            <DateField source="created_at" label="Time" showTime />
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

const customers = { list: CustomerList, show: CustomerShow, icon: PeopleIcon, recordRepresentation: "email" };
export default customers;
