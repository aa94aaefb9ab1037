/** A new staff account: a password the server generates is shown once, before the list. */
import { useState } from "react";
import {
  Create,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  email,
  minLength,
  required,
  useRedirect,
} from "react-admin";
import { SecretDialog } from "../SecretDialog";
import { STAFF_ROLES } from "../choices";
import { PageTitle } from "../PageTitle";
import { InvalidFormNotice } from "../InvalidFormNotice";

type CreatedStaff = { id: number; email: string; password?: string };

export default function StaffCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<CreatedStaff>();
  return (
    <>
      <Create
        title={<PageTitle text="New staff member" />}
        mutationOptions={{
          onSuccess: (staff: CreatedStaff) => (staff.password ? setCreated(staff) : redirect("list", "staff")),
        }}
      >
        <SimpleForm defaultValues={{ role: "operations" }} noValidate disableInvalidFormNotification>
          <InvalidFormNotice />
          <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} />
          <TextInput source="name" helperText="Defaults to the part of the e-mail before the @" />
          <SelectInput source="role" choices={STAFF_ROLES} validate={required()} />
          <PasswordInput source="password" helperText="Leave empty to generate one" validate={minLength(8)} />
        </SimpleForm>
      </Create>
      {created?.password && (
        <SecretDialog
          title={`Password for ${created.email}`}
          label="Password"
          secret={created.password}
          onClose={() => {
            setCreated(undefined);
            redirect("list", "staff");
          }}
        />
      )}
    </>
  );
}
