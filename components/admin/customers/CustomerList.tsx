/**
 * The customers, newest first, searchable by e-mail and filtered by status, verification, source,
 * date, a device fingerprint or IP address seen in their account events, and the KYC review's
 * fields (status, risk rating, PEP, sanctions hit, country of residence, picked by name), and whether
 * a legal hold is on. The columns are what a reviewer sorts by: name, residence, KYC status, risk, PEP;
 * each cell on one line.
 */
import { Box } from "@mui/material";
import {
  AutocompleteInput,
  BooleanField,
  Datagrid,
  FunctionField,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextInput,
  TopToolbar,
} from "react-admin";
import { EmptyState } from "../EmptyState";
import { CUSTOMER_SOURCES, CUSTOMER_STATUSES, KYC_STATUSES, RISK_RATINGS } from "../choices";
import ExportCsvButton from "./ExportCsvButton";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { ListPagination } from "../ListPagination";
import { DayInput } from "../DayInput";
import { useCountryNames } from "../countries/useCountryNames";
import type { CustomerRecord } from "@/lib/domain/customer-profiles/customer-record";

/** The residence filter: a country picked by name (or code), sent as its ISO code. */
function ResidenceInput({ source }: { source: string }) {
  const { choices } = useCountryNames();
  return <AutocompleteInput source={source} label="Country of residence" choices={choices} sx={{ minWidth: 260 }} />;
}

/** The name as a reviewer reads it: family name first, so the sort by it reads down the column. */
const fullName = (customer: CustomerRecord) =>
  customer.family_name || customer.given_names
    ? [customer.family_name, customer.given_names].filter(Boolean).join(", ")
    : "—";

function Residence({ code }: { code: string | null }) {
  const { label } = useCountryNames();
  return <Clipped text={label(code)} />;
}

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
  <ResidenceInput key="country_of_residence" source="country_of_residence" />,
  <NullableBooleanInput key="legal_hold" source="legal_hold" label="On legal hold" />,
];

export default function CustomerList() {
  return (
    <List
      pagination={<ListPagination />}
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
      <Datagrid
        rowClick="show"
        bulkActionButtons={false}
        // One line a cell: a long address or name is cut with an ellipsis (its title says it whole), not wrapped.
        sx={{ "& .RaDatagrid-rowCell, & .RaDatagrid-headerCell": { whiteSpace: "nowrap" } }}
      >
        <FunctionField<CustomerRecord>
          label="Name"
          sortBy="family_name"
          render={(customer) => <Clipped text={fullName(customer)} />}
        />
        <FunctionField<CustomerRecord>
          label="E-mail"
          sortBy="email"
          render={(customer) => <Clipped text={customer.email} />}
        />
        <FunctionField<CustomerRecord>
          label="Residence"
          sortBy="country_of_residence"
          render={(customer) => <Residence code={customer.country_of_residence} />}
        />
        <SelectField source="status" choices={CUSTOMER_STATUSES} sortable={false} />
        <BooleanField source="verified" label="Verified" />
        <SelectField source="kyc_status" label="KYC status" choices={KYC_STATUSES} />
        <SelectField source="risk_rating" label="Risk" choices={RISK_RATINGS} emptyText="—" />
        <BooleanField source="pep" label="PEP" />
        <DateTimeField source="created_at" label="Registered" />
        <DateTimeField source="legal_hold_since" label="Legal hold since" emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** Text cut at a width with an ellipsis, whole in its tooltip. */
function Clipped({ text }: { text: string }) {
  return (
    <Box
      component="span"
      title={text}
      sx={{ display: "block", maxWidth: 180, overflow: "hidden", textOverflow: "ellipsis" }}
    >
      {text}
    </Box>
  );
}
