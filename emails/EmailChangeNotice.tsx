/** The notice to a customer's current address that a change of address was asked for: no link, only what to do if it wasn't them. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

export default function EmailChangeNotice(props: TemplateProps) {
  const text = props.messages.email_change_notice;
  return (
    <NoticeEmail
      {...props}
      text={text}
      values={{ tradingName: props.tradingName }}
      paragraphs={[text.what, text.ifNotYou]}
    />
  );
}
