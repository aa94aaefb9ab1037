/** An API client's name and allowed origins, with the toolbar that rotates its secret or revokes it. */
import { Stack } from "@mui/material";
import { Edit, FunctionField, Labeled, SimpleForm, TextField, TextInput, required } from "react-admin";
import { FORM_WIDTH } from "../formLayout";
import { RecordTitle } from "../PageTitle";
import WebhookEndpoints from "../webhooks/WebhookEndpoints";
import AllowedOriginsInput from "./AllowedOriginsInput";
import ClientToolbar from "./ClientToolbar";
import { status } from "./clientFields";
import { InvalidFormNotice } from "../InvalidFormNotice";

export default function ClientEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} title={<RecordTitle />}>
      <SimpleForm sx={{ maxWidth: FORM_WIDTH }} toolbar={<ClientToolbar />} disableInvalidFormNotification>
        <InvalidFormNotice />
        <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
          <Labeled label="Client id">
            <TextField source="client_id" sx={{ fontFamily: "monospace" }} />
          </Labeled>
          <Labeled label="Status">
            <FunctionField render={status} />
          </Labeled>
        </Stack>
        <TextInput source="name" validate={required()} />
        <AllowedOriginsInput />
      </SimpleForm>
      <WebhookEndpoints />
    </Edit>
  );
}
