/** A new display option: its id is chosen here, once; it starts enabled, at position 0. */
import { Create, SimpleForm, TextInput, required } from "react-admin";
import DisplayOptionInputs from "./DisplayOptionInputs";
import { useDisplayOptionKind } from "./displayOptionKind";

export default function DisplayOptionCreate() {
  const { idLabel, idHelp } = useDisplayOptionKind();
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ enabled: true, position: 0 }}>
        <TextInput source="id" label={idLabel} helperText={idHelp} validate={required()} />
        <DisplayOptionInputs />
      </SimpleForm>
    </Create>
  );
}
