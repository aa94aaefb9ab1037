/** The notice that a customer's password was changed: no link, only what happened and what to do if it wasn't them. */
import { Text } from "@react-email/components";
import { type BusinessProps, EmailFrame, styles } from "./components/EmailFrame";

export const passwordChangedSubject = (tradingName: string) => `Your ${tradingName} password was changed`;

export default function PasswordChanged(props: BusinessProps) {
  return (
    <EmailFrame
      {...props}
      title={passwordChangedSubject(props.tradingName)}
      preview={`The password of your ${props.tradingName} account was just changed.`}
      heading="Your password was changed"
    >
      <Text style={styles.text}>
        {`The password of your ${props.tradingName} account was just changed, and every other device signed in to it was signed out.`}
      </Text>
      <Text style={styles.text}>
        {`If this was you, there is nothing more to do. If it wasn't, reset your password in the ${props.tradingName} app at once and contact support.`}
      </Text>
    </EmailFrame>
  );
}
