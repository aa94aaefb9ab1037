/**
 * An outbox e-mail's status in words. A waiting e-mail while no e-mail provider is configured
 * (RESEND_API_KEY unset) is not "pending": nothing will send it until one is.
 */
import { Chip } from "@mui/material";
import { useRecordContext } from "react-admin";
import type { OutboxRecord } from "@/lib/domain/email/outbox-record";
import { OUTBOX_STATUSES } from "../choices";

const COLOURS = { pending: "info", sent: "success", failed: "error" } as const;

/** `label` and `sortBy` are read by the list's header. */
export default function OutboxStatusField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<OutboxRecord>();
  if (!record) return null;
  if (record.not_sent_reason === "no_provider") {
    return <Chip size="small" variant="outlined" color="warning" label="Not sent: no e-mail provider configured" />;
  }
  const label = OUTBOX_STATUSES.find((choice) => choice.id === record.status)?.name ?? record.status;
  return <Chip size="small" variant="outlined" color={COLOURS[record.status]} label={label} />;
}
