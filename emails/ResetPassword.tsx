/** The password reset e-mail, in the layout of components/ActionEmail.tsx; its words are in messages/, under reset_password. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export default function ResetPassword(props: EmailProps) {
  return <ActionEmail {...props} text={props.messages.reset_password} />;
}
