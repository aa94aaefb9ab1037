/** Staff accounts (admins only): create, change role, deactivate. Nobody is ever deleted. */
import BadgeIcon from "@mui/icons-material/Badge";
import StaffCreate from "./StaffCreate";
import StaffEdit from "./StaffEdit";
import StaffList from "./StaffList";

const staff = {
  list: StaffList,
  create: StaffCreate,
  edit: StaffEdit,
  icon: BadgeIcon,
  options: { label: "Staff" },
  recordRepresentation: "email",
};
export default staff;
