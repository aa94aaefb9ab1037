/** The e-mail to a customer's new address, whose link makes it the account's address (POST /client/v1/verify-email). */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export const changeEmailSubject = (tradingName: string) => `Confirm your new e-mail address for ${tradingName}`;

export default function ChangeEmail(props: EmailProps) {
  return (
    <ActionEmail
      {...props}
      title={changeEmailSubject(props.tradingName)}
      preview={`Confirm this address to make it the one of your ${props.tradingName} account.`}
      heading="Confirm your new e-mail address"
      intro={`You asked to use this address for your ${props.tradingName} account. Confirm it to make the change: until then, your account keeps its current address.`}
      action="Confirm new address"
      ignoreNote="your account keeps its current address."
    />
  );
}
