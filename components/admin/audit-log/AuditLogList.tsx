/**
 * The audit entries, newest first, in words: who did what to which record (a staff member's
 * e-mail, "Customer", "Daily schedule" or "Command line"; "Changed", "Countries", "Poland"; for a
 * decision which way it went, "KYC → verified"), and for a staff sign-in how it ended, with the e-mail tried and the address it came
 * from. Filtered by resource, action and record, and for sign-ins by outcome and e-mail; a row
 * expands to its changes (a sign-in's to its browser). Above them, the state of the log's hash
 * chain; admins export a range of days (Export).
 */
import {
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from "react-admin";
import type { AuditRecord } from "@/lib/domain/audit/audit-record";
import { EmptyState } from "../EmptyState";
import { AUDIT_ACTIONS, AUDIT_ACTOR_LABELS, AUDITED_RESOURCES, SIGN_IN_OUTCOMES } from "../choices";
import { DateTimeField } from "../DateTimeField";
import { actionWords } from "./auditWords";
import BeforeAndAfter from "./BeforeAndAfter";
import ExportAuditLogButton from "./ExportAuditLogButton";
import { PageTitle } from "../PageTitle";
import { ListPagination } from "../ListPagination";
import AuditChainStatus from "./AuditChainStatus";

const filters = [
  <SelectInput key="resource" source="resource" choices={AUDITED_RESOURCES} alwaysOn />,
  <SelectInput key="action" source="action" choices={AUDIT_ACTIONS} />,
  <TextInput key="resource_id" source="resource_id" label="Record id" />,
  <SelectInput key="outcome" source="outcome" label="Sign-in outcome" choices={SIGN_IN_OUTCOMES} />,
  <TextInput key="email" source="email" label="Sign-in e-mail" />,
];

export default function AuditLogList() {
  return (
    <List
      pagination={<ListPagination />}
      title={<PageTitle text="Audit log" />}
      exporter={false}
      empty={<EmptyState>Nothing has been changed yet.</EmptyState>}
      filters={filters}
      sort={{ field: "created_at", order: "DESC" }}
      perPage={50}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportAuditLogButton />
        </TopToolbar>
      }
    >
      <AuditChainStatus />
      <Datagrid rowClick="expand" expand={<BeforeAndAfter />} bulkActionButtons={false}>
        <DateTimeField source="created_at" label="Time" withSeconds />
        <FunctionField<AuditRecord>
          label="By"
          render={(entry) => entry.staff_email ?? AUDIT_ACTOR_LABELS[entry.actor]}
          sortable={false}
        />
        <FunctionField<AuditRecord> label="Action" sortBy="action" render={(entry) => actionWords(entry)} />
        <SelectField source="resource" label="What" choices={AUDITED_RESOURCES} />
        <FunctionField<AuditRecord>
          label="Record"
          sortable={false}
          render={(entry) => entry.record_name ?? (entry.resource_id ? `#${entry.resource_id}` : "—")}
        />
        <SelectField source="outcome" label="Sign-in" choices={SIGN_IN_OUTCOMES} emptyText="" sortable={false} />
        <TextField source="email" label="E-mail tried" emptyText="" sortable={false} />
        <TextField source="ip" label="IP" emptyText="" sortable={false} />
      </Datagrid>
    </List>
  );
}
