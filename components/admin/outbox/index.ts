/** The e-mail outbox: what was sent, what waits, what failed; a failed one can be sent again. */
import MailIcon from "@mui/icons-material/Mail";
import OutboxList from "./OutboxList";

const outbox = { list: OutboxList, icon: MailIcon, options: { label: "E-mail outbox" } };
export default outbox;
