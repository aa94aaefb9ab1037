/** A new display option: its id is chosen here, once; it starts enabled, at the end of the list unless placed. */
import { Create, SimpleForm, TextInput, required } from "react-admin";
import { FORM_WIDTH } from "../formLayout";
import { PageTitle } from "../PageTitle";
import DisplayOptionInputs from "./DisplayOptionInputs";
import { useDisplayOptionKind } from "./displayOptionKind";
import { InvalidFormNotice } from "../InvalidFormNotice";

export default function DisplayOptionCreate() {
  const { idLabel, idHelp, singular } = useDisplayOptionKind();
  return (
    <Create redirect="list" title={<PageTitle text={`New ${singular}`} />}>
      <SimpleForm sx={{ maxWidth: FORM_WIDTH }} defaultValues={{ enabled: true }} disableInvalidFormNotification>
        <InvalidFormNotice />
        <TextInput source="id" label={idLabel} helperText={idHelp} validate={required()} />
        <DisplayOptionInputs positionHelp="Leave empty to add it at the end of the list; lower numbers come first" />
      </SimpleForm>
    </Create>
  );
}
