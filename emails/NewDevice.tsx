/**
 * The alert that a customer's account was signed in to from a device it had never been used on:
 * when, through which app, from which browser or device and IP address, and what to do if it wasn't
 * them.
 */
import { Text } from "@react-email/text";
import { NoticeEmail } from "./components/NoticeEmail";
import { type TemplateProps, styles } from "./components/EmailFrame";
import { fill } from "./components/fill";

/** The sign-in's details: the time in the customer's language with its timezone, the app's name, the user agent and the IP address. */
export default function NewDevice(props: TemplateProps & { when: string; app: string; userAgent: string; ip: string }) {
  const text = props.messages.new_device;
  const details = (
    <Text key="details" style={styles.text}>
      {fill(text.when, { when: props.when })}
      <br />
      {fill(text.app, { app: props.app })}
      <br />
      {fill(text.device, { userAgent: props.userAgent })}
      <br />
      {fill(text.ip, { ip: props.ip })}
    </Text>
  );
  return (
    <NoticeEmail
      {...props}
      text={text}
      values={{ tradingName: props.tradingName }}
      paragraphs={[text.what, details, text.ifNotYou]}
    />
  );
}
