/**
 * A staff account's name, role and whether it may sign in; the e-mail stays as it is. Its password
 * and two-factor can be reset, and the member signed out everywhere.
 */
import {
  BooleanInput,
  Edit,
  FunctionField,
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
import { InvalidFormNotice } from "../InvalidFormNotice";

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
      <SimpleForm disableInvalidFormNotification>
        <InvalidFormNotice />
        <Labeled label="E-mail">
          <TextField source="email" />
        </Labeled>
        <Labeled label="Two-factor sign-in">
          <FunctionField
            source="two_factor"
            render={(member) => (member.two_factor ? "On" : "Not set up")}
            data-testid="two-factor-state"
          />
        </Labeled>
        <ResetTwoFactorButton />
        <TextInput source="name" validate={required()} />
        <SelectInput source="role" choices={STAFF_ROLES} validate={required()} />
        <BooleanInput source="active" helperText="An inactive account cannot sign in; its open sessions end at once" />
      </SimpleForm>
    </Edit>
  );
}
