/** API clients: create (secret shown once), rename, allowed origins, rotate the secret, revoke. */
import VpnKeyIcon from "@mui/icons-material/VpnKey";
import ClientCreate from "./ClientCreate";
import ClientEdit from "./ClientEdit";
import ClientList from "./ClientList";
import ClientShow from "./ClientShow";

const clients = {
  list: ClientList,
  create: ClientCreate,
  edit: ClientEdit,
  show: ClientShow,
  icon: VpnKeyIcon,
  options: { label: "API clients" },
  recordRepresentation: "name",
};
export default clients;
