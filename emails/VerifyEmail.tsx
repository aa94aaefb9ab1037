/** The address verification e-mail: its subject, and its body in the layout of components/ActionEmail.tsx. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export const verifyEmailSubject = (tradingName: string) => `Verify your e-mail address for ${tradingName}`;

export default function VerifyEmail(props: EmailProps) {
  return (
    <ActionEmail
      {...props}
      title={verifyEmailSubject(props.tradingName)}
      preview={`Confirm your e-mail address to finish setting up your ${props.tradingName} account.`}
      heading="Verify your e-mail address"
      intro={`Confirm that this is your e-mail address to finish setting up your ${props.tradingName} account.`}
      action="Verify e-mail address"
      ignoreNote="nothing will change."
    />
  );
}
