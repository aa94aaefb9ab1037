/**
 * Every timestamp in the back office, one way: en-GB, to the minute, with the zone it is shown in
 * (the browser's, by its short name): "23 Nov 2026, 10:52 UTC", "3 Jun 2026, 09:05 BST". react-admin's
 * DateField would follow the browser's locale (US month-first) and name no zone.
 */
import { Typography } from "@mui/material";
import { type FieldProps, useFieldValue } from "react-admin";

const TO_THE_MINUTE: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
const formatters = {
  minutes: new Intl.DateTimeFormat("en-GB", TO_THE_MINUTE),
  // The audit log tells apart changes made within the same minute.
  seconds: new Intl.DateTimeFormat("en-GB", { ...TO_THE_MINUTE, second: "2-digit" }),
};

type Precision = { withSeconds?: boolean };

/** An ISO timestamp as the back office shows it; "" for none or an unreadable one. */
export function formatDateTime(value: string | Date | null | undefined, { withSeconds }: Precision = {}): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatters[withSeconds ? "seconds" : "minutes"].format(date);
}

export function DateTimeField(props: FieldProps & Precision & { emptyText?: string }) {
  const value = useFieldValue(props);
  const text = formatDateTime(value, props);
  const date = text ? new Date(value) : undefined;
  return (
    // A timestamp is read as one piece: never broken over two lines in a narrow column.
    <Typography component="span" variant="body2" sx={{ whiteSpace: "nowrap" }}>
      {date ? <time dateTime={date.toISOString()}>{text}</time> : (props.emptyText ?? "")}
    </Typography>
  );
}
