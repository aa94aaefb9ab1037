/**
 * The "Passkeys" dialog the user menu opens (the member's own profile): their passkeys (name, added,
 * last used), each renamed or removed (removing asks the current password and, with two-factor, a
 * code), and a new one added after the same step-up, made by the browser (components/admin/webauthn.ts).
 * A passkey then signs the member in alone from the sign-in page.
 */
import { useCallback, useEffect, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useDataProvider, useNotify } from "react-admin";
import type { PasskeyRecord } from "@/lib/domain/passkeys/passkey-record";
import type { AdminDataProvider } from "../dataProvider";
import { formatDateTime } from "../DateTimeField";
import { createPasskey, passkeysSupported } from "../webauthn";

const message = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong: try again");

/** The current password and, for a member with two-factor, the code: asked before adding or removing. */
function StepUpFields({
  twoFactor,
  values,
  onChange,
}: {
  twoFactor: boolean;
  values: { current_password: string; code: string };
  onChange(values: { current_password: string; code: string }): void;
}) {
  return (
    <>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(event) => onChange({ ...values, current_password: event.target.value })}
        fullWidth
        margin="dense"
      />
      {twoFactor && (
        <TextField
          label="Two-factor code"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(event) => onChange({ ...values, code: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 20 } }}
          fullWidth
          margin="dense"
        />
      )}
    </>
  );
}

const stepUpOf = (values: { current_password: string; code: string }, twoFactor: boolean) => ({
  current_password: values.current_password,
  ...(twoFactor && values.code ? { code: values.code } : {}),
});

export function PasskeysDialog({ onClose, twoFactor }: { onClose(): void; twoFactor: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [passkeys, setPasskeys] = useState<PasskeyRecord[]>();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  const [stepUp, setStepUp] = useState({ current_password: "", code: "" });
  const [removing, setRemoving] = useState<PasskeyRecord | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);

  const reload = useCallback(
    () => dataProvider.ownPasskeys().then(setPasskeys, (error: unknown) => notify(message(error), { type: "error" })),
    [dataProvider, notify],
  );
  useEffect(() => {
    reload();
  }, [reload]);

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: "success" });
      setStepUp({ current_password: "", code: "" });
      setName("");
      setRemoving(null);
      setRenaming(null);
      await reload();
    } catch (error) {
      notify(message(error), { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    act(async () => {
      const { challenge_id, options } = await dataProvider.startOwnPasskey(stepUpOf(stepUp, twoFactor));
      const credential = await createPasskey(options);
      await dataProvider.finishOwnPasskey({ challenge_id, credential, ...(name.trim() ? { name: name.trim() } : {}) });
    }, "Passkey added: you can sign in with it alone");

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="passkeys-title">
      <DialogTitle id="passkeys-title">Passkeys</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          A passkey signs you in with your device's screen lock: no password, no code.
        </Typography>
        {passkeys?.length === 0 && <p>You have no passkeys yet.</p>}
        {passkeys && passkeys.length > 0 && (
          <Table size="small" aria-label="Your passkeys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Added</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {passkeys.map((passkey) => (
                <TableRow key={passkey.id}>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    {renaming?.id === passkey.id ? (
                      <TextField
                        label="New name"
                        size="small"
                        value={renaming.name}
                        onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                        slotProps={{ htmlInput: { maxLength: 100 } }}
                      />
                    ) : (
                      passkey.name
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(passkey.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {passkey.last_used_at ? formatDateTime(passkey.last_used_at) : "Never"}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {renaming?.id === passkey.id ? (
                      <Button
                        disabled={busy || !renaming.name.trim()}
                        onClick={() =>
                          act(() => dataProvider.renameOwnPasskey(passkey.id, renaming.name.trim()), "Passkey renamed")
                        }
                      >
                        Save
                      </Button>
                    ) : (
                      <Button onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}>Rename</Button>
                    )}
                    <Button color="error" onClick={() => setRemoving(passkey)}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {removing ? (
          <Box component="section" aria-label="Remove a passkey" sx={{ mt: 2 }}>
            <Typography variant="subtitle1">Remove “{removing.name}”</Typography>
            <StepUpFields twoFactor={twoFactor} values={stepUp} onChange={setStepUp} />
            <Button onClick={() => setRemoving(null)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              disabled={busy || !stepUp.current_password}
              onClick={() =>
                act(() => dataProvider.removeOwnPasskey(removing.id, stepUpOf(stepUp, twoFactor)), "Passkey removed")
              }
            >
              Remove passkey
            </Button>
          </Box>
        ) : passkeysSupported() ? (
          <Box component="section" aria-label="Add a passkey" sx={{ mt: 2 }}>
            <Typography variant="subtitle1">Add a passkey</Typography>
            <TextField
              label="Name (optional)"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              fullWidth
              margin="dense"
            />
            <StepUpFields twoFactor={twoFactor} values={stepUp} onChange={setStepUp} />
            <Button variant="contained" disabled={busy || !stepUp.current_password} onClick={add} sx={{ mt: 1 }}>
              Add a passkey
            </Button>
          </Box>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }}>
            This browser cannot make passkeys.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
