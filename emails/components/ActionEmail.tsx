/** The layout of the e-mails that carry a link: a sentence, a button with the link, the link as text, in the frame of EmailFrame.tsx. */
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { EmailFrame, type TemplateProps, styles } from "./EmailFrame";
import { fill } from "./fill";

/** What every template with a link gets: the business settings, its language, the link and how long it works. */
export type EmailProps = TemplateProps & {
  url: string;
  /** A duration in the customer's language, "24 hours". */
  validFor: string;
};

/** A link e-mail's sentences, from its section of the catalogue. */
type ActionMessages = {
  subject: string;
  preview: string;
  heading: string;
  intro: string;
  action: string;
  ignore: string;
};

export function ActionEmail({ url, validFor, text, ...frame }: EmailProps & { text: ActionMessages }) {
  const values = { tradingName: frame.tradingName };
  return (
    <EmailFrame
      {...frame}
      title={fill(text.subject, values)}
      preview={fill(text.preview, values)}
      heading={fill(text.heading, values)}
    >
      <Text style={styles.text}>{fill(text.intro, values)}</Text>
      <Section style={styles.buttonRow}>
        <Button href={url} style={styles.button}>
          {fill(text.action, values)}
        </Button>
      </Section>
      {/* The button already carries the link in the plain-text version. */}
      <Text style={styles.text} data-skip-in-text={true}>
        {frame.messages.link.copy}
        <br />
        <Link href={url} style={styles.link}>
          {url}
        </Link>
      </Text>
      <Text style={styles.text}>{fill(frame.messages.link.validity, { validFor })}</Text>
      <Text style={styles.text}>{fill(text.ignore, values)}</Text>
    </EmailFrame>
  );
}
