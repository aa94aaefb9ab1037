/** The e-mail outbox: what was sent, what waits, what failed; an e-mail opens with its preview; a failed one can be sent again. */
import MailIcon from "@mui/icons-material/Mail";
import OutboxList from "./OutboxList";
import OutboxShow from "./OutboxShow";

const outbox = { list: OutboxList, show: OutboxShow, icon: MailIcon, options: { label: "E-mail outbox" } };
export default outbox;
