/**
 * The customers, newest first, searchable by e-mail and filtered by status, verification, source,
 * date, a device fingerprint or IP address seen in their account events, and the KYC review's
 * fields (status, risk rating, PEP, sanctions hit, country of residence), and whether a legal hold is on.
 */
import {
  BooleanField,
  Datagrid,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from "react-admin";
import { EmptyState } from "../EmptyState";
import { CUSTOMER_SOURCES, CUSTOMER_STATUSES, KYC_STATUSES, RISK_RATINGS } from "../choices";
import ExportCsvButton from "./ExportCsvButton";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { DayInput } from "../DayInput";

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail" />,
  <SelectInput key="status" source="status" label="Status" choices={CUSTOMER_STATUSES} />,
  <NullableBooleanInput key="verified" source="verified" label="E-mail verified" />,
  <SelectInput key="source" source="source" label="Source" choices={CUSTOMER_SOURCES} />,
  <DayInput key="created_gte" source="created_gte" label="Registered from" />,
  <DayInput key="created_lte" source="created_lte" label="Registered until" />,
  <TextInput key="fingerprint" source="fingerprint" label="Device fingerprint" />,
  <TextInput key="ip" source="ip" label="IP address" />,
  <SelectInput key="kyc_status" source="kyc_status" label="KYC status" choices={KYC_STATUSES} />,
  <SelectInput key="risk_rating" source="risk_rating" label="Risk rating" choices={RISK_RATINGS} />,
  <NullableBooleanInput key="pep" source="pep" label="PEP" />,
  <NullableBooleanInput key="sanctions_hit" source="sanctions_hit" label="Sanctions hit" />,
  <TextInput
    key="country_of_residence"
    source="country_of_residence"
    label="Country of residence (ISO code)"
    slotProps={{ htmlInput: { maxLength: 2 } }}
  />,
  <NullableBooleanInput key="legal_hold" source="legal_hold" label="On legal hold" />,
];

export default function CustomerList() {
  return (
    <List
      title={<PageTitle text="Customers" />}
      empty={
        <EmptyState>No customers yet: they appear here when they register through the API or are imported.</EmptyState>
      }
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
        <SelectField source="status" choices={CUSTOMER_STATUSES} sortable={false} />
        <BooleanField source="verified" label="Verified" />
        <SelectField source="kyc_status" label="KYC status" choices={KYC_STATUSES} />
        <SelectField source="source" choices={CUSTOMER_SOURCES} />
        <TextField source="registered_via_name" label="Via" emptyText="—" sortable={false} />
        <DateTimeField source="created_at" label="Registered" />
        <DateTimeField source="closed_at" label="Closed" emptyText="—" />
        <DateTimeField source="legal_hold_since" label="Legal hold since" emptyText="—" />
      </Datagrid>
    </List>
  );
}
