/**
 * A select over a choices list (`{ id, name }`, see choices.ts) for the back office's own dialogs
 * and filters outside react-admin forms; with `allLabel`, an empty first option that means "any".
 */
import { MenuItem, type SxProps, TextField, type Theme } from "@mui/material";

export function ChoiceSelect({
  label,
  value,
  onChange,
  choices,
  allLabel,
  fullWidth,
  margin,
  sx,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  choices: readonly { id: string; name: string }[];
  allLabel?: string;
  fullWidth?: boolean;
  margin?: "normal";
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={fullWidth}
      margin={margin}
      sx={sx}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
