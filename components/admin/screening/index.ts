/**
 * Screening (compliance and admins): **Matches**, the review queue of possible sanctions and PEP
 * matches; **Lists**, the lists in force, their uploads and the re-screens they start.
 */
import PolicyIcon from "@mui/icons-material/Policy";
import ListAltIcon from "@mui/icons-material/ListAlt";
import MatchList from "./MatchList";
import MatchShow from "./MatchShow";
import ScreeningLists from "./ScreeningLists";

const screeningMatches = {
  list: MatchList,
  show: MatchShow,
  icon: PolicyIcon,
  options: { label: "Screening → Matches" },
};
export default screeningMatches;

export const screeningLists = {
  list: ScreeningLists,
  icon: ListAltIcon,
  options: { label: "Screening → Lists" },
};
