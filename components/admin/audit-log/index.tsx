import HistoryIcon from "@mui/icons-material/History";
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Datagrid, DateField, List, SelectInput, TextField, TextInput, useRecordContext } from "react-admin";
import { EmptyState } from "../EmptyState";
import { AUDITED_RESOURCES } from "../choices";

/** The audit log, read-only: who changed what, with the record before and after. */
const filters = [
  <SelectInput key="resource" source="resource" choices={AUDITED_RESOURCES} alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="resource_id" source="resource_id" label="Record id" />,
];

type Fields = Record<string, unknown>;

const shown = (value: unknown) => (value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

/** An update shows the fields it changed; a creation or a deletion shows the whole record. */
function changedFields(before: Fields | null, after: Fields | null): [string, unknown, unknown][] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = names.filter((name) => !before || !after || JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  return changed.map((name) => [name, before?.[name], after?.[name]]);
}

function BeforeAndAfter() {
  const record = useRecordContext();
  if (!record) return null;
  const rows = changedFields(record.before, record.after);
  if (rows.length === 0) return <Typography sx={{ p: 1 }}>No recorded fields changed.</Typography>;
  const cell = { verticalAlign: "top", wordBreak: "break-word", whiteSpace: "pre-wrap" } as const;
  return (
    <Table size="small" sx={{ tableLayout: "fixed", maxWidth: 1000 }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: "20%" }}>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, before, after]) => (
          <TableRow key={name}>
            <TableCell sx={cell}>{name}</TableCell>
            <TableCell sx={cell}>{shown(before)}</TableCell>
            <TableCell sx={cell}>{shown(after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AuditLogList() {
  return (
    <List exporter={false} empty={<EmptyState>Nothing has been changed yet.</EmptyState>} filters={filters} sort={{ field: "created_at", order: "DESC" }} perPage={50}>
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
