/** The review queue: open matches first by default, filtered by status, topic, list and customer; a row opens the match. */
import { Datagrid, List, NumberField, NumberInput, SelectField, SelectInput, TextField, TextInput } from "react-admin";
import { EmptyState } from "../EmptyState";
import { DateTimeField } from "../DateTimeField";
import { PageTitle } from "../PageTitle";
import { SCREENING_MATCH_STATUSES, SCREENING_TOPICS } from "../choices";

const filters = [
  <SelectInput key="status" source="status" choices={SCREENING_MATCH_STATUSES} alwaysOn />,
  <SelectInput key="topic" source="topic" choices={SCREENING_TOPICS} />,
  <TextInput key="list" source="list" label="List" />,
  <NumberInput key="customer_id" source="customer_id" label="Customer id" />,
];

export default function MatchList() {
  return (
    <List
      title={<PageTitle text="Screening matches" />}
      exporter={false}
      empty={
        <EmptyState>
          No possible matches: customers are screened as they submit their profile and as lists change.
        </EmptyState>
      }
      filters={filters}
      filterDefaultValues={{ status: "open" }}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="created_at" label="Found" />
        <TextField source="customer_name" label="Customer" />
        <TextField source="matched_name" label="Listed as" />
        <TextField source="list" />
        <NumberField source="score" options={{ maximumFractionDigits: 2 }} />
        <SelectField source="status" choices={SCREENING_MATCH_STATUSES} />
      </Datagrid>
    </List>
  );
}
