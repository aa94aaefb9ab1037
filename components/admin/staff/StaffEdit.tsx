/**
 * A staff account's name, role and whether it may sign in; the e-mail stays as it is. Its password
 * and two-factor can be reset, and the member signed out everywhere.
 */
import {
  BooleanField,
  BooleanInput,
  Edit,
  Labeled,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  required,
} from "react-admin";
import { STAFF_ROLES } from "../choices";
import ResetPasswordButton from "./ResetPasswordButton";
import ResetTwoFactorButton from "./ResetTwoFactorButton";
import SignOutEverywhereButton from "./SignOutEverywhereButton";
import { RecordTitle } from "../PageTitle";

export default function StaffEdit() {
  return (
    <Edit
      title={<RecordTitle prefix="Staff member" />}
      mutationMode="pessimistic"
      redirect="list"
      actions={
        <TopToolbar>
          <ResetPasswordButton />
          <SignOutEverywhereButton />
        </TopToolbar>
      }
    >
      <SimpleForm>
        <TextField source="email" label="E-mail" />
        <Labeled label="Two-factor sign-in">
          <BooleanField source="two_factor" />
        </Labeled>
        <ResetTwoFactorButton />
        <TextInput source="name" validate={required()} />
        <SelectInput source="role" choices={STAFF_ROLES} validate={required()} />
        <BooleanInput source="active" helperText="An inactive account cannot sign in; its open sessions end at once" />
      </SimpleForm>
    </Edit>
  );
}
