import ScheduleIcon from "@mui/icons-material/Schedule";
import { displayOptionScreens } from "../display-options";

const timezones = {
  ...displayOptionScreens({ idLabel: "Zone", idHelp: "An IANA zone, e.g. Europe/London" }),
  icon: ScheduleIcon,
  options: { label: "Time zones" },
  recordRepresentation: "label",
};
export default timezones;
