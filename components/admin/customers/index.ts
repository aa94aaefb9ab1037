/** Customers for compliance: search and filters, the account's events and linked accounts, CSV export, the compliance actions. */
import PeopleIcon from "@mui/icons-material/People";
import CustomerList from "./CustomerList";
import CustomerShow from "./CustomerShow";

const customers = { list: CustomerList, show: CustomerShow, icon: PeopleIcon, recordRepresentation: "email" };
export default customers;
