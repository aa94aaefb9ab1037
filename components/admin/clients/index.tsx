import { useState } from "react";
import VpnKeyIcon from "@mui/icons-material/VpnKey";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import BlockIcon from "@mui/icons-material/Block";
import {
  BooleanField,
  Button,
  Confirm,
  Create,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  List,
  NullableBooleanInput,
  SaveButton,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextArrayInput,
  TextField,
  TextInput,
  Toolbar,
  required,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { SecretDialog } from "../SecretDialog";

/** API clients: create (secret shown once), rename, allowed origins, rotate the secret, revoke. */
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name or client id" />, <NullableBooleanInput key="active" source="active" />];

type Origins = { allowed_origins?: string[] };
const originsText = (record: Origins) => (record.allowed_origins?.length ? record.allowed_origins.join(", ") : "—");

function ClientList() {
  const { canAccess: canEdit } = useCanAccess({ resource: "clients", action: "edit" });
  return (
    <List exporter={false} filters={filters} sort={{ field: "id", order: "ASC" }}>
      <Datagrid rowClick={canEdit ? "edit" : "show"} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Allowed origins" render={originsText} />
        <BooleanField source="active" />
        <DateField source="last_used_at" label="Last used" showTime emptyText="Never" />
        <DateField source="created_at" label="Created" showTime />
      </Datagrid>
    </List>
  );
}

const originsInput = (
  <TextArrayInput source="allowed_origins" label="Allowed origins" helperText="Type an origin such as https://app.example.com and press Enter" />
);

type ClientWithSecret = { id: number; name: string; client_secret: string };

function ClientCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<ClientWithSecret>();
  return (
    <>
      <Create mutationOptions={{ onSuccess: (client: ClientWithSecret) => setCreated(client) }}>
        <SimpleForm defaultValues={{ allowed_origins: [] }}>
          <TextInput source="name" validate={required()} helperText="The app that will use these credentials" />
          {originsInput}
        </SimpleForm>
      </Create>
      {created && (
        <SecretDialog
          title={`Client secret for ${created.name}`}
          label="Client secret"
          secret={created.client_secret}
          onClose={() => {
            setCreated(undefined);
            redirect("edit", "clients", created.id);
          }}
        />
      )}
    </>
  );
}

function RotateSecretButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string>();
  if (!record?.active) return null;
  const rotate = async () => {
    setConfirming(false);
    try {
      setSecret((await dataProvider.rotateClientSecret(record.id)).client_secret);
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Rotate secret" onClick={() => setConfirming(true)}>
        <AutorenewIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Rotate the client secret?"
        content="The current secret stops working at once. The app must be given the new one."
        onConfirm={rotate}
        onClose={() => setConfirming(false)}
      />
      {secret && (
        <SecretDialog
          title={`New client secret for ${record.name}`}
          label="Client secret"
          secret={secret}
          onClose={() => {
            setSecret(undefined);
            refresh();
          }}
        />
      )}
    </>
  );
}

function RevokeButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  if (!record?.active) return null;
  const revoke = async () => {
    setConfirming(false);
    try {
      await dataProvider.revokeClient(record.id);
      notify(`${record.name} is revoked`);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <>
      <Button label="Revoke" color="error" onClick={() => setConfirming(true)}>
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="Revoke this API client?"
        content="Its credentials stop working at once, on every instance. This cannot be undone."
        onConfirm={revoke}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ClientToolbar() {
  const { canAccess } = useCanAccess({ resource: "clients", action: "edit" });
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      {canAccess && <RotateSecretButton />}
      {canAccess && <RevokeButton />}
    </Toolbar>
  );
}

const status = (record: { active: boolean; revoked_at: string }) =>
  record.active ? "Active" : `Revoked ${new Date(record.revoked_at).toLocaleString()}`;

function ClientShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Status" render={status} />
        <FunctionField label="Allowed origins" render={originsText} />
        <DateField source="last_used_at" label="Last used" showTime emptyText="Never" />
        <DateField source="created_at" label="Created" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

function ClientEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <SimpleForm toolbar={<ClientToolbar />}>
        <TextField source="client_id" label="Client id" sx={{ fontFamily: "monospace" }} />
        <FunctionField label="Status" render={status} />
        <TextInput source="name" validate={required()} />
        {originsInput}
      </SimpleForm>
    </Edit>
  );
}

const clients = { list: ClientList, create: ClientCreate, edit: ClientEdit, show: ClientShow, icon: VpnKeyIcon, options: { label: "API clients" }, recordRepresentation: "name" };
export default clients;
