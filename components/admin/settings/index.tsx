import SettingsIcon from "@mui/icons-material/Settings";
import { Edit, SimpleForm, TextInput, email, maxLength, regex, required } from "react-admin";
import { Box } from "@mui/material";

/** The one settings record (id 1), edited where the list would be: there is nothing to list. */
const phone = regex(/^\+?[0-9][0-9 ()-]{4,30}$/, "A telephone number such as +44 20 7946 0000");

function SettingsEdit() {
  return (
    <Edit resource="settings" id={1} title="Business settings" redirect={false} mutationMode="pessimistic">
      <SimpleForm warnWhenUnsavedChanges noValidate>
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { md: "1fr 1fr" }, width: "100%", maxWidth: 900 }}>
          <TextInput source="trading_name" validate={[required(), maxLength(100)]} />
          <TextInput source="company_name" validate={[required(), maxLength(200)]} />
          <TextInput source="tag_line" validate={[required(), maxLength(200)]} />
          <TextInput source="cs_email" label="Customer service e-mail" type="email" validate={[required(), email()]} />
          <TextInput source="cs_number" label="Customer service number" validate={[required(), phone]} />
          <TextInput source="hq_country" label="Head office country" validate={[required(), maxLength(100)]} />
          <TextInput source="hq_address" label="Head office address" validate={[required(), maxLength(200)]} />
          <TextInput source="hq_city" label="Head office city" validate={[required(), maxLength(100)]} />
          <TextInput source="hq_region" label="Head office region" helperText="Optional" validate={maxLength(100)} />
          <TextInput source="hq_postcode" label="Head office postcode" validate={[required(), maxLength(20)]} />
        </Box>
        <TextInput source="license" label="Licence" multiline minRows={2} validate={[required(), maxLength(1000)]} sx={{ maxWidth: 900 }} />
      </SimpleForm>
    </Edit>
  );
}

const settings = { list: SettingsEdit, edit: SettingsEdit, icon: SettingsIcon, options: { label: "Settings" } };
export default settings;
