import { useState } from "react";
import BadgeIcon from "@mui/icons-material/Badge";
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  NullableBooleanInput,
  PasswordInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  email,
  minLength,
  required,
  useRedirect,
} from "react-admin";
import { SecretDialog } from "../SecretDialog";
import { STAFF_ROLES } from "../choices";

/** Staff accounts (admins only): create, change role, deactivate. Nobody is ever deleted. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or name" />,
  <SelectInput key="role" source="role" choices={STAFF_ROLES} />,
  <NullableBooleanInput key="active" source="active" />,
];

function StaffList() {
  return (
    <List exporter={false} filters={filters} sort={{ field: "id", order: "ASC" }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="email" label="E-mail" />
        <TextField source="name" />
        <SelectField source="role" choices={STAFF_ROLES} />
        <BooleanField source="active" />
        <DateField source="last_login_at" label="Last sign-in" showTime emptyText="Never" />
      </Datagrid>
    </List>
  );
}

type CreatedStaff = { id: number; email: string; password?: string };

function StaffCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<CreatedStaff>();
  return (
    <>
      <Create
        mutationOptions={{
          onSuccess: (staff: CreatedStaff) => (staff.password ? setCreated(staff) : redirect("list", "staff")),
        }}
      >
        <SimpleForm defaultValues={{ role: "operations" }} noValidate>
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

function StaffEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextField source="email" label="E-mail" />
        <TextInput source="name" validate={required()} />
        <SelectInput source="role" choices={STAFF_ROLES} validate={required()} />
        <BooleanInput source="active" helperText="An inactive account cannot sign in; its open sessions end at once" />
      </SimpleForm>
    </Edit>
  );
}

const staff = { list: StaffList, create: StaffCreate, edit: StaffEdit, icon: BadgeIcon, options: { label: "Staff" }, recordRepresentation: "email" };
export default staff;
