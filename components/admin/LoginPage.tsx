/** The back office's sign-in page: react-admin's login layout around a form of our own. */
import { useState } from "react";
import { Button, CardContent, CircularProgress, Typography } from "@mui/material";
import { Form, Login, PasswordInput, TextInput, email, required, useLogin, useNotify } from "react-admin";

/** Staff sign-in: e-mail and password, checked by next-auth's credentials provider. */
function SignInForm() {
  const login = useLogin();
  const notify = useNotify();
  const [submitting, setSubmitting] = useState(false);

  const submit = (values: Record<string, unknown>) => {
    setSubmitting(true);
    login(values).catch((error: Error) => {
      setSubmitting(false);
      notify(error.message, { type: "error" });
    });
  };

  return (
    <Form onSubmit={submit} noValidate>
      <CardContent sx={{ width: 320 }}>
        <Typography variant="h6" align="center" gutterBottom>
          Back office
        </Typography>
        <TextInput
          source="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          validate={[required(), email()]}
          fullWidth
        />
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="current-password"
          validate={required()}
          fullWidth
        />
        <Button type="submit" variant="contained" color="primary" disabled={submitting} fullWidth sx={{ mt: 1 }}>
          {submitting ? <CircularProgress size={22} thickness={3} /> : "Sign in"}
        </Button>
      </CardContent>
    </Form>
  );
}

export function LoginPage() {
  return (
    <Login>
      <SignInForm />
    </Login>
  );
}
