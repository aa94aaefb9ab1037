/** The notice to a customer's current address that a change of address was asked for: no link, only what to do if it wasn't them. */
import { Text } from "@react-email/components";
import { type BusinessProps, EmailFrame, styles } from "./components/EmailFrame";

export const emailChangeNoticeSubject = (tradingName: string) =>
  `A change of your ${tradingName} e-mail address was requested`;

export default function EmailChangeNotice(props: BusinessProps) {
  return (
    <EmailFrame
      {...props}
      title={emailChangeNoticeSubject(props.tradingName)}
      preview={`Someone asked to change the e-mail address of your ${props.tradingName} account.`}
      heading="Your e-mail address is about to change"
    >
      <Text style={styles.text}>
        {`Someone signed in to your ${props.tradingName} account asked to use another e-mail address for it. The change takes effect only once it is confirmed from the new address: until then, your account keeps this one.`}
      </Text>
      <Text style={styles.text}>
        {`If this was you, there is nothing more to do. If it wasn't, change your password in the ${props.tradingName} app at once and contact support.`}
      </Text>
    </EmailFrame>
  );
}
