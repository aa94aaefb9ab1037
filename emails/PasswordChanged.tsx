/** The notice that a customer's password was changed: no link, only what happened, when, and what to do if it wasn't them. */
import { Text } from "@react-email/components";
import { EmailFrame, type TemplateProps, styles } from "./components/EmailFrame";
import { fill } from "./components/fill";

/** `when`: the time of the change, in the customer's language and with its timezone. */
export default function PasswordChanged(props: TemplateProps & { when: string }) {
  const text = props.messages.password_changed;
  const values = { tradingName: props.tradingName, when: props.when };
  return (
    <EmailFrame
      {...props}
      title={fill(text.subject, values)}
      preview={fill(text.preview, values)}
      heading={fill(text.heading, values)}
    >
      <Text style={styles.text}>{fill(text.what, values)}</Text>
      <Text style={styles.text}>{fill(text.ifNotYou, values)}</Text>
    </EmailFrame>
  );
}
