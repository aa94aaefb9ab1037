/** An API client's name and allowed origins, with the toolbar that rotates its secret or revokes it. */
import { Edit, FunctionField, SimpleForm, TextField, TextInput, required } from "react-admin";
import { FORM_WIDTH } from "../formLayout";
import { RecordTitle } from "../PageTitle";
import AllowedOriginsInput from "./AllowedOriginsInput";
import ClientToolbar from "./ClientToolbar";
import { status } from "./clientFields";

export default function ClientEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} title={<RecordTitle />}>
      <SimpleForm sx={{ maxWidth: FORM_WIDTH }} toolbar={<ClientToolbar />}>
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Status" render={status} />
        <TextInput source="name" validate={required()} />
        <AllowedOriginsInput />
      </SimpleForm>
    </Edit>
  );
}
