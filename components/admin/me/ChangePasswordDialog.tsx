/**
 * The "Change password" dialog the user menu opens: the current password and a new one. Every other session of
 * the member ends; this one carries on (the server issues its cookie again).
 */
import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { Form, PasswordInput, required, useDataProvider, useNotify } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { InvalidFormNotice } from "../InvalidFormNotice";

export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await dataProvider.changeOwnPassword({
        current_password: String(values.current_password ?? ""),
        password: String(values.password ?? ""),
      });
      notify("Password changed: every other session was signed out", { type: "success" });
      onClose();
    } catch (error) {
      setSaving(false);
      // Field errors (a wrong current password, a too common new one) show under their fields.
      const errors = (error as { body?: { errors?: Record<string, unknown> } }).body?.errors;
      if (errors) return errors;
      notify((error as Error).message, { type: "error" });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="change-password-title">
      <Form onSubmit={submit} noValidate disableInvalidFormNotification>
        <InvalidFormNotice />
        <DialogTitle id="change-password-title">Change password</DialogTitle>
        <DialogContent>
          <PasswordInput
            source="current_password"
            label="Current password"
            autoComplete="current-password"
            validate={required()}
            fullWidth
          />
          <PasswordInput
            source="password"
            label="New password"
            autoComplete="new-password"
            helperText="At least 8 characters, not a common password"
            validate={required()}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Change password
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
