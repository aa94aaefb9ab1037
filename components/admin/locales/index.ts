/** Locales the apps offer customers: the shared display-option screens, with the id called "Code". */
import TranslateIcon from "@mui/icons-material/Translate";
import DisplayOptionCreate from "../display-options/DisplayOptionCreate";
import DisplayOptionEdit from "../display-options/DisplayOptionEdit";
import DisplayOptionList from "../display-options/DisplayOptionList";
import type { DisplayOptionKind } from "../display-options/displayOptionKind";

const locales = {
  list: DisplayOptionList,
  create: DisplayOptionCreate,
  edit: DisplayOptionEdit,
  icon: TranslateIcon,
  options: { label: "Locales", idLabel: "Code", idHelp: "Language and country, e.g. en_GB" } satisfies DisplayOptionKind,
  recordRepresentation: "label",
};
export default locales;
