/** The address verification e-mail, in the layout of components/ActionEmail.tsx; its words are in messages/, under verify_email. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export default function VerifyEmail(props: EmailProps) {
  return <ActionEmail {...props} text={props.messages.verify_email} />;
}
