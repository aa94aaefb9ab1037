/** A display option's label, position and whether enabled; its id stays as it is. Titled by its label. */
import { Edit, SimpleForm, TextInput } from "react-admin";
import { FORM_WIDTH } from "../formLayout";
import { RecordTitle } from "../PageTitle";
import DisplayOptionInputs from "./DisplayOptionInputs";
import { useDisplayOptionKind } from "./displayOptionKind";
import { InvalidFormNotice } from "../InvalidFormNotice";

export default function DisplayOptionEdit() {
  const { idLabel } = useDisplayOptionKind();
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<RecordTitle />}>
      <SimpleForm sx={{ maxWidth: FORM_WIDTH }} disableInvalidFormNotification>
        <InvalidFormNotice />
        <TextInput source="id" label={idLabel} readOnly />
        <DisplayOptionInputs />
      </SimpleForm>
    </Edit>
  );
}
