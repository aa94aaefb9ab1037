/**
 * The customer page's aside, as react-admin's demo shows a customer's history: the milestones of
 * the account (registration, verification, e-mail changes from one address to another, closure) and
 * staff's decisions on it (KYC, risk, blocks, legal holds, data exports, sessions ended, two-factor
 * reset), oldest first, each to the second, a decision with the values it changed ("Pending review →
 * Verified"); the logins and failures stay in the events table.
 */
import { Box, Card, CardContent, Typography } from "@mui/material";
import { useRecordContext } from "react-admin";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import type { CustomerHistoryEvent } from "@/lib/domain/customer-compliance/read-customer";
import { CUSTOMER_EVENT_TYPES } from "../choices";
import { formatDateTime } from "../DateTimeField";
import { fieldLabel, shownValue } from "../audit-log/auditWords";

const MILESTONES: CustomerEventType[] = [
  "register",
  "email_verified",
  "email_change_requested",
  "email_changed",
  "password_reset",
  "password_changed",
  "profile_submitted",
  "kyc_status_changed",
  "risk_rating_changed",
  "blocked",
  "unblocked",
  "legal_hold_set",
  "legal_hold_lifted",
  "data_exported",
  "sessions_revoked_by_staff",
  "mfa_reset_by_staff",
  "verification_resent_by_staff",
  "account_closed",
];

const eventName = (type: CustomerEventType) => CUSTOMER_EVENT_TYPES.find((choice) => choice.id === type)?.name ?? type;

/** A decision's values in words: a flag by its name when set ("High, PEP"), any other value as the audit log shows it. */
function valuesInWords(values: unknown): string {
  if (typeof values !== "object" || values === null) return "—";
  // The database keeps a JSON object's keys in an order of its own: the values first, then the flags.
  const entries = Object.entries(values).sort(
    ([, a], [, b]) => Number(typeof a === "boolean") - Number(typeof b === "boolean"),
  );
  const words = entries.flatMap(([field, value]) =>
    typeof value === "boolean" ? (value ? [fieldLabel(field)] : []) : [shownValue(value, field)],
  );
  return words.join(", ") || "—";
}

/** An event's name, and for a staff decision the values it changed: "KYC status changed: Pending review → Verified". */
export function EventName({ event }: { event: CustomerHistoryEvent }) {
  const detail = event.detail as { before?: unknown; after?: unknown } | null;
  if (!detail) return <span>{eventName(event.type)}</span>;
  return (
    <span data-testid="event-change">
      {eventName(event.type)}: {valuesInWords(detail.before)} →<wbr /> {valuesInWords(detail.after)}
    </span>
  );
}

export default function CustomerHistory() {
  const record = useRecordContext<{ id: number; events?: CustomerHistoryEvent[] }>();
  const milestones = (record?.events ?? [])
    .filter((event) => MILESTONES.includes(event.type) && event.outcome === "success")
    .toReversed();
  return (
    <Card sx={{ width: 340, ml: 2, flexShrink: 0, alignSelf: "flex-start" }} data-testid="customer-history">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          History
        </Typography>
        {milestones.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No registration, verification, e-mail change, staff decision or closure among the events read.
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {milestones.map((event) => (
            <Box component="li" key={event.id} sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}>
              <Typography variant="body2" sx={{ fontWeight: "medium" }}>
                <EventName event={event} />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
                {formatDateTime(event.created_at, { withSeconds: true })}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                <EventAddresses event={event} />
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The address an event concerns; an e-mail change's from the old one to the new. */
export function EventAddresses({ event }: { event: CustomerHistoryEvent }) {
  if (event.email_before === undefined) return <span>{event.email}</span>;
  // A line may break after the arrow, before it breaks inside an address.
  return (
    <span data-testid="email-change">
      {event.email_before} →<wbr /> {event.email}
    </span>
  );
}
