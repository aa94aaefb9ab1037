/** The inputs a display option's create and edit forms share: its label, position and whether enabled. */
import { BooleanInput, NumberInput, TextInput, required } from "react-admin";

export default function DisplayOptionInputs({ positionHelp = "Lower numbers come first in the apps" }) {
  return (
    <>
      <TextInput source="label" validate={required()} />
      <NumberInput source="position" min={0} step={1} helperText={positionHelp} />
      <BooleanInput source="enabled" helperText="Only enabled entries are offered to customers" />
    </>
  );
}
