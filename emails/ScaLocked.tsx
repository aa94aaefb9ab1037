/** The notice that five payment approvals in a row failed and approving payments is paused: when, until when, and what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

/** `when`: the fifth failure; `until`: when the lock ends; both in the customer's language and with their timezone. */
export default function ScaLocked(props: TemplateProps & { when: string; until: string }) {
  const text = props.messages.sca_locked;
  const values = { tradingName: props.tradingName, when: props.when, until: props.until };
  return <NoticeEmail {...props} text={text} values={values} paragraphs={[text.what, text.ifNotYou]} />;
}
