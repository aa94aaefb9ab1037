/** An API client, read-only, for the roles that may see clients but not change them. */
import { FunctionField, Show, SimpleShowLayout, TextField } from "react-admin";
import { DateTimeField } from "../DateTimeField";
import { RecordTitle } from "../PageTitle";
import WebhookEndpoints from "../webhooks/WebhookEndpoints";
import { originsText, status } from "./clientFields";

export default function ClientShow() {
  return (
    <Show title={<RecordTitle />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Status" render={status} />
        <FunctionField label="Allowed origins" render={originsText} />
        <DateTimeField source="last_used_at" label="Last used" emptyText="Never" />
        <DateTimeField source="created_at" label="Created" />
      </SimpleShowLayout>
      <WebhookEndpoints />
    </Show>
  );
}
