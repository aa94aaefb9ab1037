/** Locales the apps offer customers: the shared display-option screens, with the id called "Code". */
import TranslateIcon from "@mui/icons-material/Translate";
import { displayOptionResource } from "../display-options/displayOptionResource";

export default displayOptionResource(TranslateIcon, {
  label: "Locales",
  singular: "locale",
  idLabel: "Code",
  idHelp: "Language and country, e.g. en_GB",
});
