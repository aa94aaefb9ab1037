import TranslateIcon from "@mui/icons-material/Translate";
import { displayOptionScreens } from "../display-options";

const locales = {
  ...displayOptionScreens({ idLabel: "Code", idHelp: "Language and country, e.g. en_GB" }),
  icon: TranslateIcon,
  options: { label: "Locales" },
  recordRepresentation: "label",
};
export default locales;
