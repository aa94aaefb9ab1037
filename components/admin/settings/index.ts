/** The business settings: one record, edited where the list would be. */
import SettingsIcon from "@mui/icons-material/Settings";
import SettingsEdit from "./SettingsEdit";

const settings = { list: SettingsEdit, edit: SettingsEdit, icon: SettingsIcon, options: { label: "Settings" } };
export default settings;
