/** The notice to a customer's current address that a change of address was asked for: no link, only what to do if it wasn't them. */
import { Text } from "@react-email/components";
import { EmailFrame, type TemplateProps, styles } from "./components/EmailFrame";
import { fill } from "./components/fill";

export default function EmailChangeNotice(props: TemplateProps) {
  const text = props.messages.email_change_notice;
  const values = { tradingName: props.tradingName };
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
