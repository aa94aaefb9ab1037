/** A new API client: the server answers its secret once, shown with its client id in a dialog before the edit page. */
import { useState } from "react";
import { Create, SimpleForm, TextInput, required, useRedirect } from "react-admin";
import { SecretDialog } from "../SecretDialog";
import { FORM_WIDTH } from "../formLayout";
import { PageTitle } from "../PageTitle";
import AllowedOriginsInput from "./AllowedOriginsInput";
import { InvalidFormNotice } from "../InvalidFormNotice";

type ClientWithSecret = { id: number; name: string; client_id: string; client_secret: string };

export default function ClientCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<ClientWithSecret>();
  return (
    <>
      <Create
        title={<PageTitle text="New API client" />}
        mutationOptions={{ onSuccess: (client: ClientWithSecret) => setCreated(client) }}
      >
        <SimpleForm
          sx={{ maxWidth: FORM_WIDTH }}
          defaultValues={{ allowed_origins: [] }}
          disableInvalidFormNotification
        >
          <InvalidFormNotice />
          <TextInput source="name" validate={required()} helperText="The app that will use these credentials" />
          <AllowedOriginsInput />
        </SimpleForm>
      </Create>
      {created && (
        <SecretDialog
          title={`Client secret for ${created.name}`}
          label="Client secret"
          secret={created.client_secret}
          identifier={{ label: "Client id", value: created.client_id }}
          onClose={() => {
            setCreated(undefined);
            redirect("edit", "clients", created.id);
          }}
        />
      )}
    </>
  );
}
