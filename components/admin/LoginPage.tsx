/** The back office's sign-in page: react-admin's login layout around a form of our own, "Sign in with a passkey" and "Forgot password?". */
import { useState } from "react";
import { Alert, Button, CardContent, CircularProgress, Link, Typography } from "@mui/material";
import { Form, Login, PasswordInput, TextInput, email, required, useLogin, useNotify } from "react-admin";
import { CodeRequired } from "./authProvider";
import { useBrand } from "./brand";
import { passkeyAssertion, passkeysSupported } from "./webauthn";

/** The member's e-mail address, as both the sign-in and the forgot-password forms ask for it. */
function StaffEmailInput() {
  return (
    <TextInput
      source="email"
      label="E-mail"
      type="email"
      autoComplete="username"
      autoFocus
      validate={[required(), email()]}
      fullWidth
    />
  );
}

type Credentials = { email: string; password: string };

/**
 * Staff sign-in: e-mail and password, checked by next-auth's credentials provider; then, for a
 * member with two-factor (the server says so only after a right password), the code from the app
 * or one of the recovery codes.
 */
function SignInForm({ onForgot }: { onForgot(): void }) {
  const { tradingName } = useBrand();
  const login = useLogin();
  const notify = useNotify();
  const [submitting, setSubmitting] = useState(false);
  // Set once the password was right and a code is needed.
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [recovery, setRecovery] = useState(false);

  const submit = (values: Record<string, unknown>) => {
    setSubmitting(true);
    const attempt = credentials
      ? { ...credentials, code: String(values.code ?? "") }
      : { email: String(values.email ?? ""), password: String(values.password ?? "") };
    login(attempt).catch((error: Error) => {
      setSubmitting(false);
      if (error instanceof CodeRequired) setCredentials(attempt);
      else notify(error.message, { type: "error" });
    });
  };

  // A passkey alone: the options, the browser's assertion (the member picks a passkey and unlocks it), the sign-in.
  const signInWithPasskey = async () => {
    setSubmitting(true);
    try {
      const response = await fetch("/api/admin/passkeys/authentication/options", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: "{}",
      });
      const body = await response.json().catch(() => undefined);
      if (!response.ok) throw new Error(body?.message ?? "Signing in with a passkey is not possible just now");
      const credential = await passkeyAssertion(body.options);
      await login({ passkey: { challenge_id: body.challenge_id, credential } });
    } catch (error) {
      setSubmitting(false);
      notify(error instanceof Error ? error.message : "This passkey could not sign you in.", { type: "error" });
    }
  };

  const button = (label: string) => (
    <Button type="submit" variant="contained" color="primary" disabled={submitting} fullWidth sx={{ mt: 1 }}>
      {submitting ? <CircularProgress size={22} thickness={3} /> : label}
    </Button>
  );

  if (credentials) {
    return (
      <Form key={recovery ? "recovery" : "code"} onSubmit={submit} noValidate>
        <CardContent sx={{ width: 320 }}>
          <Typography variant="h6" align="center" gutterBottom>
            Two-factor sign-in
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {recovery
              ? "Enter one of your recovery codes. Each works once."
              : "Enter the 6-digit code your authenticator app shows."}
          </Typography>
          <TextInput
            source="code"
            label={recovery ? "Recovery code" : "Code"}
            autoComplete="one-time-code"
            autoFocus
            validate={required()}
            fullWidth
            slotProps={{ htmlInput: { inputMode: recovery ? "text" : "numeric", maxLength: recovery ? 20 : 6 } }}
          />
          {button("Verify")}
          <Typography variant="body2" align="center" sx={{ mt: 2 }}>
            <Link component="button" type="button" onClick={() => setRecovery(!recovery)}>
              {recovery ? "Use the code from your app" : "Use a recovery code"}
            </Link>
          </Typography>
        </CardContent>
      </Form>
    );
  }

  return (
    <Form onSubmit={submit} noValidate>
      <CardContent sx={{ width: 320 }}>
        {tradingName && (
          <Typography variant="h5" component="h1" align="center" data-testid="trading-name">
            {tradingName}
          </Typography>
        )}
        <Typography variant="h6" align="center" color={tradingName ? "text.secondary" : undefined} gutterBottom>
          Back office
        </Typography>
        <StaffEmailInput />
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="current-password"
          validate={required()}
          fullWidth
        />
        {button("Sign in")}
        {passkeysSupported() && (
          <Button
            type="button"
            variant="outlined"
            disabled={submitting}
            onClick={signInWithPasskey}
            fullWidth
            sx={{ mt: 1 }}
          >
            Sign in with a passkey
          </Button>
        )}
        <Link component="button" type="button" variant="body2" onClick={onForgot} sx={{ mt: 2, display: "block" }}>
          Forgot password?
        </Link>
      </CardContent>
    </Form>
  );
}

/**
 * Asks for a reset link (POST /api/admin/password/forgot). The answer is the same whether the
 * address belongs to an account or not, and so is what this form says.
 */
function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [state, setState] = useState<"editing" | "sending" | "sent">("editing");
  const [error, setError] = useState<string>();

  const submit = async (values: Record<string, unknown>) => {
    setState("sending");
    setError(undefined);
    const response = await fetch("/api/admin/password/forgot", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: values.email }),
    }).catch(() => undefined);
    if (response?.ok) return setState("sent");
    setState("editing");
    const body = await response?.json().catch(() => undefined);
    setError(body?.errors?.[0]?.message ?? body?.message ?? "The request could not be sent: try again");
  };

  return (
    <Form onSubmit={submit} noValidate>
      <CardContent sx={{ width: 320 }}>
        <Typography variant="h6" align="center" gutterBottom>
          Forgot password
        </Typography>
        {state === "sent" ? (
          <Alert severity="success">
            If this address belongs to an active back-office account, a link to choose a new password is on its way. It
            works once, within an hour.
          </Alert>
        ) : (
          <>
            {error && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {error}
              </Alert>
            )}
            <StaffEmailInput />
            <Button type="submit" variant="contained" disabled={state === "sending"} fullWidth sx={{ mt: 1 }}>
              Send reset link
            </Button>
          </>
        )}
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ mt: 2, display: "block" }}>
          Back to sign-in
        </Link>
      </CardContent>
    </Form>
  );
}

export function LoginPage() {
  const [forgot, setForgot] = useState(false);
  return (
    <Login>
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
        <SignInForm onForgot={() => setForgot(true)} />
      )}
    </Login>
  );
}
