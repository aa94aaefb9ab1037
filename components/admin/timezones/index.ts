/** Time zones the apps offer customers: the shared display-option screens, with the id called "Zone". */
import ScheduleIcon from "@mui/icons-material/Schedule";
import DisplayOptionCreate from "../display-options/DisplayOptionCreate";
import DisplayOptionEdit from "../display-options/DisplayOptionEdit";
import DisplayOptionList from "../display-options/DisplayOptionList";
import type { DisplayOptionKind } from "../display-options/displayOptionKind";

const timezones = {
  list: DisplayOptionList,
  create: DisplayOptionCreate,
  edit: DisplayOptionEdit,
  icon: ScheduleIcon,
  options: { label: "Time zones", idLabel: "Zone", idHelp: "An IANA zone, e.g. Europe/London" } satisfies DisplayOptionKind,
  recordRepresentation: "label",
};
export default timezones;
