/**
 * One country: anyone who may edit sets "source country"; only an admin changes names and the
 * dialling code. The ISO codes, FIPS code and slug are shown to everyone and edited by nobody here:
 * other systems key on them, so an admin changes them through the API, deliberately.
 */
import { BooleanInput, Edit, NumberInput, SimpleForm, TextInput, required, usePermissions } from "react-admin";
import { mayEditCountryDetails } from "@/lib/staff/permissions";
import { RecordTitle } from "../PageTitle";

const CODES_HELP = "Codes and slug are not edited here: an admin changes them through the admin API";

export default function CountryEdit() {
  const { permissions } = usePermissions();
  const readOnly = !mayEditCountryDetails(permissions);
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<RecordTitle prefix="Edit country" />}>
      <SimpleForm>
        <BooleanInput source="is_source" label="Source country (customers may register and send from here)" />
        <TextInput
          source="known_name"
          readOnly={readOnly}
          validate={required()}
          helperText={readOnly ? "Only an admin may change names and the dialling code" : false}
        />
        <TextInput source="official_name" readOnly={readOnly} validate={required()} />
        <TextInput source="endonym" readOnly={readOnly} validate={required()} />
        <TextInput source="demonym" readOnly={readOnly} validate={required()} />
        <NumberInput source="isd_code" label="Dialling code" readOnly={readOnly} validate={required()} />
        <TextInput source="iso_code_alpha2" label="ISO alpha-2" readOnly helperText={false} />
        <TextInput source="iso_code_alpha3" label="ISO alpha-3" readOnly helperText={false} />
        <TextInput source="fips_code" label="FIPS code" readOnly helperText={false} />
        <TextInput source="slug" readOnly helperText={CODES_HELP} />
      </SimpleForm>
    </Edit>
  );
}
