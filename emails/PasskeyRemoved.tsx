/** The notice that a passkey was removed (by the customer, or by staff): no link, only which passkey, when, and what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

/** `passkey`: the passkey's name as the customer gave it; `when`: the time it happened, in the customer's language and with its timezone. */
export default function PasskeyRemoved(props: TemplateProps & { passkey: string; when: string }) {
  const text = props.messages.passkey_removed;
  const values = { tradingName: props.tradingName, name: props.passkey, when: props.when };
  return <NoticeEmail {...props} text={text} values={values} paragraphs={[text.what, text.ifNotYou]} />;
}
