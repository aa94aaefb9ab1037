/** Shows a secret once: a new or rotated API client secret, a new staff member's password. */
import { useState } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";

/** A secret the server hands out once (an API client's secret, a generated password), with a copy button. */
export function SecretDialog({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string;
  onClose(): void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it is shown this once and cannot be read again.
        </Alert>
        <TextField
          label={label}
          value={secret}
          fullWidth
          slotProps={{
            input: { readOnly: true, sx: { fontFamily: "monospace" } },
            htmlInput: { "data-testid": "secret-value" },
          }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
