/** A display-option resource (locales, time zones): the shared screens, with its icon and what its id is called. */
import type { SvgIconComponent } from "@mui/icons-material";
import DisplayOptionCreate from "./DisplayOptionCreate";
import DisplayOptionEdit from "./DisplayOptionEdit";
import DisplayOptionList from "./DisplayOptionList";
import type { DisplayOptionKind } from "./displayOptionKind";

export function displayOptionResource(icon: SvgIconComponent, options: DisplayOptionKind) {
  return {
    list: DisplayOptionList,
    create: DisplayOptionCreate,
    edit: DisplayOptionEdit,
    icon,
    options,
    recordRepresentation: "label",
  };
}
