/** The form of a webhook endpoint, new or changed: its URL and the events it receives. */
import { useState } from "react";
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
} from "@mui/material";
import { SUBSCRIBABLE_EVENTS } from "@/lib/domain/webhooks/webhook-events";

export type EndpointFields = { url: string; events: string[] };

export function EndpointDialog({
  title,
  initial = { url: "", events: [] },
  onSave,
  onClose,
}: {
  title: string;
  initial?: EndpointFields;
  /** Resolves to the problems to show, keyed by field, or nothing when saved. */
  onSave(fields: EndpointFields): Promise<Record<string, string> | undefined>;
  onClose(): void;
}) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState(new Set(initial.events));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const toggle = (name: string) => {
    const next = new Set(events);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    setEvents(next);
  };
  const save = async () => {
    setSaving(true);
    setErrors(
      (await onSave({ url: url.trim(), events: SUBSCRIBABLE_EVENTS.filter((name) => events.has(name)) })) ?? {},
    );
    setSaving(false);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="endpoint-dialog-title">
      <DialogTitle id="endpoint-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {errors.root && <Alert severity="error">{errors.root}</Alert>}
        <TextField
          label="URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://backend.example.com/webhooks"
          error={Boolean(errors.url)}
          helperText={errors.url ?? "https only, on a public address"}
          fullWidth
          margin="normal"
        />
        <FormLabel component="legend" error={Boolean(errors.events)}>
          Events {errors.events ? `: ${errors.events}` : ""}
        </FormLabel>
        <FormGroup>
          {SUBSCRIBABLE_EVENTS.map((name) => (
            <FormControlLabel
              key={name}
              control={<Checkbox checked={events.has(name)} onChange={() => toggle(name)} />}
              label={name}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
