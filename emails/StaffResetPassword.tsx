/** A staff member's "forgot password" link to the back office, in the layout of components/ActionEmail.tsx; its words are in messages/, under staff_reset_password. */
import { ActionEmail, type EmailProps } from "./components/ActionEmail";

export default function StaffResetPassword(props: EmailProps) {
  return <ActionEmail {...props} text={props.messages.staff_reset_password} />;
}
