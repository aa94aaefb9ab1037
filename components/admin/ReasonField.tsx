/**
 * The reason a staff decision asks for before it is sent (compliance actions, KYC decisions): one
 * required multi-line field of up to 1,000 characters, the limit the server enforces
 * (REASON_MAX_LENGTH in lib/domain/customer-compliance/compliance-action.ts).
 */
import { TextField } from "@mui/material";

export function ReasonField({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange(reason: string): void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      multiline
      minRows={2}
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { maxLength: 1000 } }}
      autoFocus={autoFocus}
    />
  );
}
