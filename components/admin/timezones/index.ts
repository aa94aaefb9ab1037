/** Time zones the apps offer customers: the shared display-option screens, with the id called "Zone". */
import ScheduleIcon from "@mui/icons-material/Schedule";
import { displayOptionResource } from "../display-options/displayOptionResource";

export default displayOptionResource(ScheduleIcon, {
  label: "Time zones",
  singular: "time zone",
  showsOffset: true,
  idLabel: "Zone",
  idHelp: "An IANA zone, e.g. Europe/London",
});
