/**
 * The one settings record (id 1), edited where the list would be: there is nothing to list. The
 * server's rules (lengths, the telephone number) come back on the fields when a save is refused.
 * A failed read stays put: "back to the list" is this page, and would take a role that may not see
 * it away from the Access denied page react-admin shows. While any field still holds one of the
 * seed's placeholders, a banner names those fields: the apps and the sign-in page still show them.
 */
import { Alert, Box } from "@mui/material";
import { Edit, SimpleForm, TextInput, email, required, useRecordContext } from "react-admin";
import type { SettingsRecord } from "@/lib/domain/reference-data/settings-record";
import { PageTitle } from "../PageTitle";
import { InvalidFormNotice } from "../InvalidFormNotice";
import { SETTINGS_FIELD_LABELS } from "../choices";

function PlaceholderWarning() {
  const record = useRecordContext<SettingsRecord>();
  if (!record || record.placeholder_fields.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="placeholder-settings" sx={{ mb: 2, maxWidth: 900 }}>
      These still hold the placeholders the installation started with:{" "}
      {record.placeholder_fields.map((field) => SETTINGS_FIELD_LABELS[field]).join(", ")}. The apps and the sign-in page
      show them to customers until they are replaced here.
    </Alert>
  );
}

export default function SettingsEdit() {
  return (
    <Edit
      title={<PageTitle text="Business settings" />}
      resource="settings"
      id={1}
      redirect={false}
      redirectOnError={false}
      mutationMode="pessimistic"
    >
      <SimpleForm warnWhenUnsavedChanges noValidate disableInvalidFormNotification>
        <InvalidFormNotice />
        <PlaceholderWarning />
        <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { md: "1fr 1fr" }, width: "100%", maxWidth: 900 }}>
          <TextInput source="trading_name" validate={required()} />
          <TextInput source="company_name" validate={required()} />
          <TextInput source="tag_line" validate={required()} />
          <TextInput source="cs_email" label="Customer service e-mail" type="email" validate={[required(), email()]} />
          <TextInput source="cs_number" label="Customer service number" validate={required()} />
          <TextInput source="hq_country" label="Head office country" validate={required()} />
          <TextInput source="hq_address" label="Head office address" validate={required()} />
          <TextInput source="hq_city" label="Head office city" validate={required()} />
          <TextInput source="hq_region" label="Head office region" helperText="Optional" />
          <TextInput source="hq_postcode" label="Head office postcode" validate={required()} />
        </Box>
        <TextInput
          source="license"
          label="Licence"
          multiline
          minRows={2}
          validate={required()}
          sx={{ maxWidth: 900 }}
        />
      </SimpleForm>
    </Edit>
  );
}
