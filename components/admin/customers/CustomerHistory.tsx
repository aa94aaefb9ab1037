/**
 * The customer page's aside, as react-admin's demo shows a customer's history: the milestones of
 * the account (registration, verification, e-mail changes from one address to another, blocks,
 * closure), oldest first, each to the second; the logins and failures stay in the events table.
 */
import { Box, Card, CardContent, Typography } from "@mui/material";
import { useRecordContext } from "react-admin";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import type { CustomerHistoryEvent } from "@/lib/domain/customer-compliance/read-customer";
import { CUSTOMER_EVENT_TYPES } from "../choices";
import { formatDateTime } from "../DateTimeField";

const MILESTONES: CustomerEventType[] = [
  "register",
  "email_verified",
  "email_change_requested",
  "email_changed",
  "password_reset",
  "password_changed",
  "blocked",
  "unblocked",
  "account_closed",
];

const eventName = (type: CustomerEventType) => CUSTOMER_EVENT_TYPES.find((choice) => choice.id === type)?.name ?? type;

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
            No registration, verification, e-mail change, block or closure among the events read.
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {milestones.map((event) => (
            <Box component="li" key={event.id} sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}>
              <Typography variant="body2" sx={{ fontWeight: "medium" }}>
                {eventName(event.type)}
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
