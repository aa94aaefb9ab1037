/** Shows a secret once: a new or rotated API client secret, a new staff member's password. */
import { useState } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";

/** A read-only value with its own copy button: "Copy client id", "Copy client secret". */
function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: "monospace" } },
          htmlInput: { "data-testid": testId },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        startIcon={<ContentCopyIcon />}
        onClick={copy}
        aria-label={`Copy ${label.toLowerCase()}`}
        sx={{ flexShrink: 0 }}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
    </Stack>
  );
}

/**
 * A secret the server hands out once (an API client's secret, a generated password), with a copy
 * button; `identifier`, when given, is what the secret goes with (an API client's client_id), shown
 * above it to copy as well, so that both credentials are taken from one place.
 */
export function SecretDialog({
  title,
  label,
  secret,
  identifier,
  onClose,
}: {
  title: string;
  label: string;
  secret: string;
  identifier?: { label: string; value: string };
  onClose(): void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it is shown this once and cannot be read again.
        </Alert>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {identifier && <CopyableValue label={identifier.label} value={identifier.value} testId="identifier-value" />}
          <CopyableValue label={label} value={secret} testId="secret-value" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
