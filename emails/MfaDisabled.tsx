/** The notice that two-factor sign-in turned off (by the customer, or reset by staff): no link, only what happened, when, and what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

/** `when`: the time it happened, in the customer's language and with its timezone. */
export default function MfaDisabled(props: TemplateProps & { when: string }) {
  const text = props.messages.mfa_disabled;
  const values = { tradingName: props.tradingName, when: props.when };
  return <NoticeEmail {...props} text={text} values={values} paragraphs={[text.what, text.ifNotYou]} />;
}
