/**
 * A day input that reads as every date of the back office does ("19 Nov 2026"). The browser's own
 * date field writes the day in the browser's locale (11/19/2026 in US English); here that field
 * only offers its calendar, and the text shown is ours. The value is the day as YYYY-MM-DD, as
 * react-admin's DateInput gives it.
 */
import { useRef } from "react";
import { IconButton, InputAdornment, TextField } from "@mui/material";
import CalendarIcon from "@mui/icons-material/CalendarMonth";
import ClearIcon from "@mui/icons-material/Clear";
import { useInput } from "react-admin";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-11-19" → "19 Nov 2026"; "" for none or an unreadable one. */
export function formatDay(value: unknown): string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? "" : DAY.format(date);
}

export function DayInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field, id } = useInput({ source });
  const calendar = useRef<HTMLInputElement>(null);
  const open = () => calendar.current?.showPicker();
  return (
    <span style={{ position: "relative", display: "inline-flex" }}>
      <TextField
        id={id}
        label={label}
        value={formatDay(field.value)}
        size="small"
        onClick={open}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                {field.value ? (
                  <IconButton aria-label={`Clear ${label}`} size="small" onClick={() => field.onChange("")}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                ) : (
                  <IconButton aria-label={`Choose ${label}`} size="small" onClick={open}>
                    <CalendarIcon fontSize="small" />
                  </IconButton>
                )}
              </InputAdornment>
            ),
          },
        }}
      />
      {/* Under the text field, unseen: the browser's calendar, and the field a keyboard or a test types a day into. */}
      <input
        ref={calendar}
        type="date"
        aria-label={`${label} (day)`}
        value={typeof field.value === "string" ? field.value : ""}
        onChange={(event) => field.onChange(event.target.value)}
        style={{ position: "absolute", left: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0 }}
      />
    </span>
  );
}
