/** The password reset e-mail: its subject, and its body in the layout of components/ActionEmail.tsx. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export const resetPasswordSubject = (tradingName: string) => `Reset your ${tradingName} password`;

export default function ResetPassword(props: EmailProps) {
  return (
    <ActionEmail
      {...props}
      title={resetPasswordSubject(props.tradingName)}
      preview={`Choose a new password for your ${props.tradingName} account.`}
      heading="Reset your password"
      intro={`Someone asked to reset the password of your ${props.tradingName} account: choose a new one with the link below.`}
      action="Choose a new password"
      ignoreNote="your password stays the same."
    />
  );
}
