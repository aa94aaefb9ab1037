/** An API client, read-only, for the roles that may see clients but not change them. */
import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from "react-admin";
import { originsText, status } from "./clientFields";

export default function ClientShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Status" render={status} />
        <FunctionField label="Allowed origins" render={originsText} />
        <DateField source="last_used_at" label="Last used" showTime emptyText="Never" />
        <DateField source="created_at" label="Created" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
