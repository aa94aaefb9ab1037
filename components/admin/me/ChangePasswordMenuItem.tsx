/**
 * "Change password" in the user menu: the current password and a new one. Every other session of
 * the member ends; this one carries on (the server issues its cookie again).
 */
import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  MenuItem,
} from "@mui/material";
import KeyIcon from "@mui/icons-material/Key";
import { Form, PasswordInput, required, useDataProvider, useNotify, useUserMenu } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";
import { InvalidFormNotice } from "../InvalidFormNotice";

/** Closes the user menu and asks the layout to open the dialog, which outlives the menu. */
export function ChangePasswordMenuItem({ onOpen }: { onOpen(): void }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Change password</ListItemText>
    </MenuItem>
  );
}

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
