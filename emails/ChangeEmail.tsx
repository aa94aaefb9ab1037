/** The e-mail to a customer's new address, whose link makes it the account's address; its words are in messages/, under change_email. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export default function ChangeEmail(props: EmailProps) {
  return <ActionEmail {...props} text={props.messages.change_email} />;
}
