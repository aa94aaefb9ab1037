/** An audit entry's expanded row: who acted, each recorded field, in words, as it was before and after the change; a sign-in's browser in full. */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useRecordContext } from "react-admin";
import type { AuditRecord } from "@/lib/domain/audit/audit-record";
import { AUDIT_ACTOR_LABELS } from "../choices";
import { fieldLabel, shownValue } from "./auditWords";

type Fields = Record<string, unknown>;

/** An update shows the fields it changed; a creation or a deletion shows the whole record. */
function changedFields(before: Fields | null, after: Fields | null): [string, unknown, unknown][] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changed = names.filter(
    (name) => !before || !after || JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
  return changed.map((name) => [name, before?.[name], after?.[name]]);
}

export default function BeforeAndAfter() {
  const record = useRecordContext<AuditRecord>();
  if (!record) return null;
  const actor = (
    <Typography sx={{ p: 1 }} data-testid="audit-actor">
      Acted: {AUDIT_ACTOR_LABELS[record.actor]}
      {record.staff_email ? ` (${record.staff_email})` : ""}
    </Typography>
  );
  if (record.outcome)
    return (
      <>
        {actor}
        <Typography sx={{ p: 1, wordBreak: "break-word" }}>Browser: {record.user_agent}</Typography>
      </>
    );
  const rows = changedFields(record.before as Fields | null, record.after as Fields | null);
  if (rows.length === 0)
    return (
      <>
        {actor}
        <Typography sx={{ p: 1 }}>No recorded fields changed.</Typography>
      </>
    );
  const cell = { verticalAlign: "top", wordBreak: "break-word", whiteSpace: "pre-wrap" } as const;
  return (
    <>
      {actor}
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
              <TableCell sx={cell}>{fieldLabel(name)}</TableCell>
              <TableCell sx={cell}>{shownValue(before, name)}</TableCell>
              <TableCell sx={cell}>{shownValue(after, name)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
