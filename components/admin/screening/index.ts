/** Screening → Matches: the review queue of possible sanctions and PEP matches (compliance and admins). */
import PolicyIcon from "@mui/icons-material/Policy";
import MatchList from "./MatchList";
import MatchShow from "./MatchShow";

const screeningMatches = {
  list: MatchList,
  show: MatchShow,
  icon: PolicyIcon,
  options: { label: "Screening → Matches" },
};
export default screeningMatches;
