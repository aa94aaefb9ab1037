/**
 * Two-factor enrolment as the member goes through it: a new secret as a QR code (drawn in the
 * browser from its otpauth URL, a data: image the page's policy allows) and as text to type in,
 * a code from the app to confirm it, then the ten recovery codes, shown this once with copy and
 * download. Starting again replaces an unconfirmed set-up, never a confirmed one until confirmed;
 * over a confirmed one it first asks for the current password, which the server requires.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import QRCode from "qrcode";
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DownloadIcon from "@mui/icons-material/Download";
import { HttpError, useDataProvider } from "react-admin";
import type { AdminDataProvider } from "../dataProvider";

type Enrolment = { secret: string; qr: string };

/** `twoFactorOn`: the member has a confirmed two-factor, so the set-up starts with their password. */
export function TwoFactorSetup({ onDone, twoFactorOn = false }: { onDone(): void; twoFactorOn?: boolean }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askPassword, setAskPassword] = useState(twoFactorOn);
  // One enrolment per set-up, even when React runs the effect twice.
  const started = useRef(false);

  const start = useCallback(
    async (currentPassword?: string) => {
      setError(null);
      try {
        const { secret, otpauth_url } = await dataProvider.startTwoFactor(currentPassword);
        setEnrolment({ secret, qr: await QRCode.toDataURL(otpauth_url, { margin: 1, width: 200 }) });
        setAskPassword(false);
      } catch (failure) {
        const answer = failure instanceof HttpError ? failure : undefined;
        // Two-factor is on (400 current_password/required or /invalid): the password form.
        const passwordRefused = !!answer?.body?.errors?.current_password;
        if (passwordRefused) setAskPassword(true);
        if (answer?.status === 429) setError("Too many failed attempts. Please wait a few minutes and try again.");
        else if (passwordRefused) setError(currentPassword === undefined ? null : "This password is not right.");
        else setError((failure as Error).message);
      }
    },
    [dataProvider],
  );

  useEffect(() => {
    if (started.current || twoFactorOn) return;
    started.current = true;
    void start();
  }, [start, twoFactorOn]);

  const submitPassword = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    await start(String(new FormData(event.currentTarget).get("current_password") ?? ""));
    setBusy(false);
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setRecoveryCodes((await dataProvider.confirmTwoFactor(code.trim())).recovery_codes);
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.status === 400
          ? "This code is not right: enter the code your app shows now."
          : (failure as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (askPassword) {
    return (
      <Box component="form" onSubmit={submitPassword} noValidate>
        <Typography gutterBottom>
          Two-factor is on. Enter your password to set it up again: your app and recovery codes keep working until the
          new set-up is confirmed.
        </Typography>
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} fullWidth sx={{ mt: 2 }}>
          Continue
        </Button>
      </Box>
    );
  }
  if (!enrolment) return error ? <Alert severity="error">{error}</Alert> : <CircularProgress />;
  return (
    <Box component="form" onSubmit={confirm} noValidate>
      <Typography gutterBottom>
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, …), or type in the key.
      </Typography>
      <Box sx={{ display: "flex", justifyContent: "center", my: 2 }}>
        {/* biome-ignore lint/performance/noImgElement: a data: URL made in the page, nothing for next/image to optimise */}
        <img src={enrolment.qr} width={200} height={200} alt="QR code of the two-factor key" />
      </Box>
      <TextField
        label="Key"
        value={enrolment.secret}
        fullWidth
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: "monospace" } },
          htmlInput: { "data-testid": "totp-secret" },
        }}
        onFocus={(event) => event.target.select()}
        sx={{ mb: 2 }}
      />
      <TextField
        label="Code from the app"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        fullWidth
        slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={busy || !code.trim()} fullWidth sx={{ mt: 2 }}>
        Turn on two-factor
      </Button>
    </Box>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        Two-factor sign-in is on.
      </Alert>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Keep these recovery codes somewhere safe: each signs you in once in place of a code, should you lose your phone.
        They are shown this once.
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: "monospace", columns: 2, pl: 4, my: 2, fontSize: "1.05rem" }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between" }}>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<ContentCopyIcon />} onClick={copy}>
            {copied ? "Copied" : "Copy"}
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="remit-back-office-recovery-codes.txt"
          >
            Download
          </Button>
        </Stack>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Box>
  );
}
