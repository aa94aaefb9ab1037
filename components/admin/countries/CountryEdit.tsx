/**
 * One country: anyone who may edit sets "source country"; only an admin changes names and the
 * dialling code. The ISO codes, FIPS code and slug are shown to everyone and edited by nobody here:
 * other systems key on them, so an admin changes them through the API, deliberately.
 */
import { Alert, Stack } from "@mui/material";
import { BooleanInput, Edit, NumberInput, SimpleForm, TextInput, required, usePermissions } from "react-admin";
import { mayEditCountryDetails } from "@/lib/domain/access/permissions";
import { FORM_WIDTH } from "../formLayout";
import { RecordTitle } from "../PageTitle";
import { InvalidFormNotice } from "../InvalidFormNotice";

const CODES = [
  { source: "iso_code_alpha2", label: "ISO alpha-2" },
  { source: "iso_code_alpha3", label: "ISO alpha-3" },
  { source: "fips_code", label: "FIPS code" },
  { source: "slug", label: "Slug" },
];

export default function CountryEdit() {
  const { permissions } = usePermissions();
  const readOnly = !mayEditCountryDetails(permissions);
  const text = { readOnly, validate: required(), helperText: false } as const;
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<RecordTitle prefix="Edit country" />}>
      <SimpleForm sx={{ maxWidth: FORM_WIDTH }} disableInvalidFormNotification>
        <InvalidFormNotice />
        <BooleanInput source="is_source" label="Source country (customers may register and send from here)" />
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2, width: "100%" }}>
            Only an admin may change the names and the dialling code.
          </Alert>
        )}
        <TextInput source="known_name" {...text} />
        <TextInput source="official_name" {...text} />
        <Stack direction="row" spacing={2} sx={{ width: "100%" }}>
          <TextInput source="endonym" {...text} />
          <TextInput source="demonym" {...text} />
        </Stack>
        <NumberInput source="isd_code" label="Dialling code" {...text} />
        <Stack direction="row" spacing={2} sx={{ width: "100%", mt: 1 }}>
          {CODES.map(({ source, label }) => (
            <TextInput key={source} source={source} label={label} readOnly helperText={false} />
          ))}
        </Stack>
        <Alert severity="info" variant="outlined" sx={{ mt: 1, width: "100%" }}>
          The ISO codes, FIPS code and slug are not edited here: other systems key on them, so an admin changes them
          through the admin API.
        </Alert>
      </SimpleForm>
    </Edit>
  );
}
