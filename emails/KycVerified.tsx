/** The notice that the review of a customer's profile verified it: no link, and no reviewer's reason. */
import { NoticeEmail } from "./components/NoticeEmail";
import type { TemplateProps } from "./components/EmailFrame";

export default function KycVerified(props: TemplateProps) {
  const text = props.messages.kyc_verified;
  return (
    <NoticeEmail
      {...props}
      text={text}
      values={{ tradingName: props.tradingName }}
      paragraphs={[text.what, text.ifChanged]}
    />
  );
}
