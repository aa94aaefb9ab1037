/** The notice that a customer's account was closed, sent to the address it had: when, that a new account is possible, and what to do if it wasn't them. */
import { Text } from "@react-email/components";
import { EmailFrame, type TemplateProps, styles } from "./components/EmailFrame";
import { fill } from "./components/fill";

/** `when`: the time of the closing, in the customer's language and with its timezone. */
export default function AccountClosed(props: TemplateProps & { when: string }) {
  const text = props.messages.account_closed;
  const values = { tradingName: props.tradingName, when: props.when };
  return (
    <EmailFrame
      {...props}
      title={fill(text.subject, values)}
      preview={fill(text.preview, values)}
      heading={fill(text.heading, values)}
    >
      <Text style={styles.text}>{fill(text.what, values)}</Text>
      <Text style={styles.text}>{fill(text.again, values)}</Text>
      <Text style={styles.text}>{fill(text.ifNotYou, values)}</Text>
    </EmailFrame>
  );
}
