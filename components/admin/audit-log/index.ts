/** The audit log, read-only: who changed what, with the record before and after. */
import HistoryIcon from "@mui/icons-material/History";
import AuditLogList from "./AuditLogList";

const auditLog = { list: AuditLogList, icon: HistoryIcon, options: { label: "Audit log" } };
export default auditLog;
