/**
 * The form of a webhook endpoint, new or changed: its URL, with the rule the server holds it to
 * (public https, or any address under WEBHOOK_ALLOW_PRIVATE_TARGETS), and the events it receives,
 * with "All events" to tick or clear every one listed.
 */
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
  privateTargetsAllowed,
  onSave,
  onClose,
}: {
  title: string;
  initial?: EndpointFields;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS is on: http and private addresses are accepted too. */
  privateTargetsAllowed: boolean;
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
  const allChosen = SUBSCRIBABLE_EVENTS.every((name) => events.has(name));
  const toggleAll = () => setEvents(new Set(allChosen ? [] : SUBSCRIBABLE_EVENTS));
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
          helperText={
            errors.url ??
            (privateTargetsAllowed
              ? "http or https, to any address: private and loopback targets are allowed on this server (WEBHOOK_ALLOW_PRIVATE_TARGETS)"
              : "https only, to a public address: loopback, private, link-local and cloud metadata addresses are refused")
          }
          fullWidth
          margin="normal"
        />
        <FormLabel component="legend" error={Boolean(errors.events)}>
          Events {errors.events ? `: ${errors.events}` : ""}
        </FormLabel>
        <FormGroup>
          <FormControlLabel
            control={
              <Checkbox checked={allChosen} indeterminate={events.size > 0 && !allChosen} onChange={toggleAll} />
            }
            label="All events listed here"
          />
          {SUBSCRIBABLE_EVENTS.map((name) => (
            <FormControlLabel
              key={name}
              control={<Checkbox checked={events.has(name)} onChange={() => toggle(name)} />}
              label={name}
              sx={{ ml: 2, "& .MuiFormControlLabel-label": { fontFamily: "monospace" } }}
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
