/** Countries: search by name or ISO code, flip "source country" in place; names and codes are admin-only. */
import PublicIcon from "@mui/icons-material/Public";
import CountryEdit from "./CountryEdit";
import CountryList from "./CountryList";

const countries = { list: CountryList, edit: CountryEdit, icon: PublicIcon, recordRepresentation: "known_name" };
export default countries;
