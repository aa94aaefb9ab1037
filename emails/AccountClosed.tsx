/** The notice that a customer's account was closed, sent to the address it had: when, that a new account is possible, and what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

/** `when`: the time of the closing, in the customer's language and with its timezone. */
export default function AccountClosed(props: TemplateProps & { when: string }) {
  const text = props.messages.account_closed;
  const values = { tradingName: props.tradingName, when: props.when };
  return <NoticeEmail {...props} text={text} values={values} paragraphs={[text.what, text.again, text.ifNotYou]} />;
}
