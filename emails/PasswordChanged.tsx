/** The notice that a customer's password was changed: no link, only what happened, when, and what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

/** `when`: the time of the change, in the customer's language and with its timezone. */
export default function PasswordChanged(props: TemplateProps & { when: string }) {
  const text = props.messages.password_changed;
  const values = { tradingName: props.tradingName, when: props.when };
  return <NoticeEmail {...props} text={text} values={values} paragraphs={[text.what, text.ifNotYou]} />;
}
