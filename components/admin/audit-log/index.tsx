import HistoryIcon from "@mui/icons-material/History";
import { Box, Typography } from "@mui/material";
import { Datagrid, DateField, List, SelectInput, TextField, TextInput, useRecordContext } from "react-admin";
import { ADMIN_RESOURCES } from "@/lib/admin/permissions";

/** The audit log, read-only: who changed what, with the record before and after. */
const RESOURCES = ADMIN_RESOURCES.filter((resource) => resource !== "dashboard").map((id) => ({ id, name: id }));

const filters = [
  <SelectInput key="resource" source="resource" choices={RESOURCES} alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="resource_id" source="resource_id" label="Record id" />,
];

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1, fontSize: 12, overflow: "auto", bgcolor: "action.hover", borderRadius: 1 }}>
        {value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

function BeforeAndAfter() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: "flex", gap: 2, p: 1 }}>
      <Json label="Before" value={record.before} />
      <Json label="After" value={record.after} />
    </Box>
  );
}

function AuditLogList() {
  return (
    <List exporter={false} filters={filters} sort={{ field: "created_at", order: "DESC" }} perPage={50}>
      <Datagrid rowClick="expand" expand={<BeforeAndAfter />} bulkActionButtons={false}>
        <DateField source="created_at" label="Time" showTime />
        <TextField source="staff_email" label="By" emptyText="command line" />
        <TextField source="action" />
        <TextField source="resource" />
        <TextField source="resource_id" label="Record" />
      </Datagrid>
    </List>
  );
}

const auditLog = { list: AuditLogList, icon: HistoryIcon, options: { label: "Audit log" } };
export default auditLog;
