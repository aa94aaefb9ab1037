/**
 * Where a staff member's "forgot password" link leads (/admin/reset-password#token=…): the token
 * stays in the fragment, which the browser never sends to a server, and goes only in the body of
 * POST /api/admin/password/reset with the new password. Outside react-admin: no session here.
 */
import { type FormEvent, useState } from "react";
import { Alert, Box, Button, Card, CardContent, Link, TextField, Typography } from "@mui/material";

const tokenFromFragment = () => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";

export default function ResetPasswordPage() {
  const [token] = useState(tokenFromFragment);
  const [password, setPassword] = useState("");
  const [state, setState] = useState<"editing" | "saving" | "done">("editing");
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState("saving");
    setError(undefined);
    const response = await fetch("/api/admin/password/reset", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token, password }),
    }).catch(() => undefined);
    if (response?.ok) {
      // The token is spent: it leaves the address bar and the history entry.
      window.history.replaceState(null, "", window.location.pathname);
      return setState("done");
    }
    setState("editing");
    const body = await response?.json().catch(() => undefined);
    setError(body?.errors?.[0]?.message ?? body?.message ?? "The password could not be changed: try again");
  };

  return (
    <Box
      sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", bgcolor: "grey.100" }}
    >
      <Card sx={{ width: 360 }}>
        <CardContent>
          <Typography variant="h6" align="center" gutterBottom>
            Choose a new password
          </Typography>
          {state === "done" ? (
            <Alert severity="success">Your password was changed and every session of yours was signed out.</Alert>
          ) : !token ? (
            <Alert severity="error">This link is incomplete: open the one in the e-mail again.</Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              {error && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  {error}
                </Alert>
              )}
              <TextField
                label="New password"
                type="password"
                name="password"
                autoComplete="new-password"
                helperText="At least 8 characters, not a common password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
                autoFocus
                fullWidth
                margin="normal"
              />
              <Button type="submit" variant="contained" disabled={state === "saving" || !password} fullWidth>
                Set new password
              </Button>
            </form>
          )}
          <Link href="/admin" variant="body2" sx={{ mt: 2, display: "block" }}>
            Back to sign-in
          </Link>
        </CardContent>
      </Card>
    </Box>
  );
}
