/**
 * Every timestamp in the back office, one way: en-GB, to the minute, with the zone it is shown in
 * (the browser's, by its short name): "23 Nov 2026, 10:52 UTC", "3 Jun 2026, 09:05 BST". react-admin's
 * DateField would follow the browser's locale (US month-first) and name no zone.
 */
import { Typography } from "@mui/material";
import { type FieldProps, useFieldValue } from "react-admin";

const formatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

/** An ISO timestamp as the back office shows it; "" for none or an unreadable one. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatter.format(date);
}

export function DateTimeField(props: FieldProps & { emptyText?: string }) {
  const value = useFieldValue(props);
  const text = formatDateTime(value);
  const date = text ? new Date(value) : undefined;
  return (
    <Typography component="span" variant="body2">
      {date ? <time dateTime={date.toISOString()}>{text}</time> : (props.emptyText ?? "")}
    </Typography>
  );
}
