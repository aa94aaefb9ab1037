/** One country: anyone who may edit sets "source country"; only an admin changes names and codes. */
import { BooleanInput, Edit, NumberInput, SimpleForm, TextInput, required, usePermissions } from "react-admin";
import { mayEditCountryDetails } from "@/lib/staff/permissions";

export default function CountryEdit() {
  const { permissions } = usePermissions();
  const readOnly = !mayEditCountryDetails(permissions);
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <BooleanInput source="is_source" label="Source country (customers may register and send from here)" />
        <TextInput
          source="known_name"
          readOnly={readOnly}
          validate={required()}
          helperText={readOnly ? "Only an admin may change names and codes" : false}
        />
        <TextInput source="official_name" readOnly={readOnly} validate={required()} />
        <TextInput source="endonym" readOnly={readOnly} validate={required()} />
        <TextInput source="demonym" readOnly={readOnly} validate={required()} />
        <NumberInput source="isd_code" label="Dialling code" readOnly={readOnly} validate={required()} />
        <TextInput source="iso_code_alpha2" label="ISO alpha-2" readOnly={readOnly} validate={required()} />
        <TextInput source="iso_code_alpha3" label="ISO alpha-3" readOnly={readOnly} validate={required()} />
        <TextInput source="fips_code" label="FIPS code" readOnly={readOnly} />
        <TextInput source="slug" readOnly={readOnly} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}
