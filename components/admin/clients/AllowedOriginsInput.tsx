/** The origins a browser app may call the API from, on both the create and the edit form. */
import { TextArrayInput } from "react-admin";

export default function AllowedOriginsInput() {
  return (
    <TextArrayInput
      source="allowed_origins"
      label="Allowed origins"
      helperText="Type an origin such as https://app.example.com and press Enter"
    />
  );
}
