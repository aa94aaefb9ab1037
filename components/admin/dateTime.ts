/**
 * Timestamps in the back office: en-GB, with the timezone they are shown in (the browser's), so
 * that "10:52" never has to be guessed at: "23 Nov 2026, 10:52:41 UTC".
 */
const FORMAT: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
};

export const DATE_TIME_OPTIONS = FORMAT;

export function formatDateTime(value: string | Date): string {
  return new Date(value).toLocaleString("en-GB", FORMAT);
}
