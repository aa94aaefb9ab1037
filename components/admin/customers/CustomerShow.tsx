/**
 * One customer account, laid out as react-admin's demo lays out a customer: the account's details,
 * the other accounts linked to it by device or address, and every account event (registration,
 * logins, resets, verification, e-mail changes, staff actions), newest first, to the second, with
 * the addresses each concerns; beside them, the account's history at a glance (CustomerHistory).
 * The compliance actions for the roles that may take them; the customer's data export
 * (ExportDataButton); the legal hold (LegalHold); the profile and its KYC review (KycPanel); the passkeys (PasskeysPanel); the payment authorisations and their lock (AuthorisationsPanel); screening's possible matches (CustomerScreening), for those who may read them.
 */
import { Alert, Box, Typography } from "@mui/material";
import {
  ArrayField,
  Datagrid,
  FunctionField,
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from "react-admin";
import type { CustomerHistoryEvent } from "@/lib/domain/customer-compliance/read-customer";
import { CUSTOMER_SOURCES, CUSTOMER_STATUSES, EVENT_OUTCOMES } from "../choices";
import ComplianceActions from "./ComplianceActions";
import ExportDataButton from "./ExportDataButton";
import CustomerHistory, { EventAddresses, EventName } from "./CustomerHistory";
import KycPanel from "./KycPanel";
import LegalHold from "./LegalHold";
import LinkedAccounts from "./LinkedAccounts";
import PasskeysPanel from "./PasskeysPanel";
import AuthorisationsPanel from "./AuthorisationsPanel";
import CustomerScreening from "../screening/CustomerScreening";
import { DateTimeField, formatDateTime } from "../DateTimeField";
import { RecordTitle } from "../PageTitle";

export default function CustomerShow() {
  return (
    <Show
      title={<RecordTitle />}
      actions={
        <TopToolbar>
          <ComplianceActions />
          <ExportDataButton />
        </TopToolbar>
      }
      aside={<CustomerHistory />}
      // The details may shrink beside the history: long addresses wrap instead of widening the page.
      sx={{ "& .RaShow-card": { flex: "1 1 0", width: 0, minWidth: 0, overflowX: "auto" } }}
    >
      <SimpleShowLayout>
        <ClosedNotice />
        <LegalHold />
        <Box
          data-testid="customer-details"
          sx={{ display: "grid", gap: 1, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}
        >
          <Labeled label="E-mail">
            <TextField source="email" />
          </Labeled>
          <Labeled label="Status">
            <SelectField source="status" choices={CUSTOMER_STATUSES} />
          </Labeled>
          <Labeled label="E-mail verified">
            <FunctionField source="verified" render={(customer) => (customer.verified ? "Yes" : "No")} />
          </Labeled>
          <Labeled label="Verified at">
            <DateTimeField source="email_verified_at" withSeconds emptyText="—" />
          </Labeled>
          <Labeled label="Registered">
            <DateTimeField source="created_at" withSeconds />
          </Labeled>
          <Labeled label="Source">
            <SelectField source="source" choices={CUSTOMER_SOURCES} />
          </Labeled>
          <Labeled label="Registered via">
            <TextField source="registered_via_name" emptyText="—" />
          </Labeled>
          <Labeled label="Blocked">
            <DateTimeField source="blocked_at" withSeconds emptyText="—" />
          </Labeled>
          <Labeled label="Closed">
            <DateTimeField source="closed_at" withSeconds emptyText="—" />
          </Labeled>
          <Labeled label="Two-factor">
            <FunctionField
              source="two_factor_enabled_at"
              render={(customer) =>
                customer.two_factor_enabled_at ? `On since ${formatDateTime(customer.two_factor_enabled_at)}` : "Off"
              }
            />
          </Labeled>
        </Box>
        <KycPanel />
        <PasskeysPanel />
        <AuthorisationsPanel />
        <CustomerScreening />
        <LinkedAccounts />
        <ArrayField source="events" label="Account events (newest first)">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<p>No account events recorded.</p>}>
            <DateTimeField source="created_at" label="Time" withSeconds />
            <FunctionField<CustomerHistoryEvent> label="Event" render={(event) => <EventName event={event} />} />
            <SelectField source="outcome" label="Outcome" choices={EVENT_OUTCOMES} />
            <FunctionField<CustomerHistoryEvent>
              label="E-mail"
              render={(event) => (
                <Box sx={{ overflowWrap: "anywhere", minWidth: 120 }}>
                  <EventAddresses event={event} />
                </Box>
              )}
            />
            <FunctionField<CustomerHistoryEvent> label="Device" render={(event) => <EventDevice event={event} />} />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}

/** Where an event came from: its IP address, the app's user agent, and the device's fingerprint, one a line. */
function EventDevice({ event }: { event: CustomerHistoryEvent }) {
  if (!event.ip && !event.user_agent && !event.fingerprint) return <span>— (no device: a staff action)</span>;
  return (
    <Box sx={{ overflowWrap: "anywhere", minWidth: 140 }}>
      <div>IP {event.ip || "—"}</div>
      <Typography variant="caption" component="div" color="text.secondary">
        {event.user_agent || "no user agent"}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        Device {event.fingerprint || "—"}
      </Typography>
    </Box>
  );
}

/** A closed account says so first: its address was freed, and may now belong to another account. */
function ClosedNotice() {
  const record = useRecordContext();
  if (record?.status !== "closed") return null;
  return (
    <Alert severity="info" data-testid="closed-notice">
      Closed by the customer on {formatDateTime(record.closed_at, { withSeconds: true })}. Its last address,{" "}
      {record.email}, was freed: a new account may use it (see Linked accounts).
    </Alert>
  );
}
