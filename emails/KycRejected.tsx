/** The notice that the review of a customer's profile could not verify it: what to do next, never the reviewer's reason (that stays internal). */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

export default function KycRejected(props: TemplateProps) {
  const text = props.messages.kyc_rejected;
  return (
    <NoticeEmail
      {...props}
      text={text}
      values={{ tradingName: props.tradingName }}
      paragraphs={[text.what, text.next]}
    />
  );
}
