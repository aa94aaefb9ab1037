/**
 * The audit entries, newest first, in words: who did what to which record ("Changed", "Countries",
 * "Poland"), filtered by resource, action and record; a row expands to its changes.
 */
import { Datagrid, FunctionField, List, SelectField, SelectInput, TextInput } from "react-admin";
import type { AuditRecord } from "@/lib/audit/audit-record";
import { EmptyState } from "../EmptyState";
import { AUDITED_RESOURCES } from "../choices";
import { actionLabel } from "./auditWords";
import BeforeAndAfter from "./BeforeAndAfter";
import { DateTimeField } from "../DateTimeField";

const filters = [
  <SelectInput key="resource" source="resource" choices={AUDITED_RESOURCES} alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="resource_id" source="resource_id" label="Record id" />,
];

export default function AuditLogList() {
  return (
    <List
      exporter={false}
      empty={<EmptyState>Nothing has been changed yet.</EmptyState>}
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
    >
      <Datagrid rowClick="expand" expand={<BeforeAndAfter />} bulkActionButtons={false}>
        <DateTimeField source="created_at" label="Time" withSeconds />
        <FunctionField<AuditRecord>
          label="By"
          render={(entry) => entry.staff_email ?? "command line"}
          sortable={false}
        />
        <FunctionField<AuditRecord> source="action" label="Action" render={(entry) => actionLabel(entry.action)} />
        <SelectField source="resource" label="What" choices={AUDITED_RESOURCES} />
        <FunctionField<AuditRecord>
          label="Record"
          sortable={false}
          render={(entry) => entry.record_name ?? (entry.resource_id ? `#${entry.resource_id}` : "—")}
        />
      </Datagrid>
    </List>
  );
}
