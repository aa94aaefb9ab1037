/** A display option's label, position and whether enabled; its id stays as it is. */
import { Edit, SimpleForm, TextInput } from "react-admin";
import DisplayOptionInputs from "./DisplayOptionInputs";
import { useDisplayOptionKind } from "./displayOptionKind";

export default function DisplayOptionEdit() {
  const { idLabel } = useDisplayOptionKind();
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextInput source="id" label={idLabel} readOnly />
        <DisplayOptionInputs />
      </SimpleForm>
    </Edit>
  );
}
