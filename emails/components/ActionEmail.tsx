/** The layout of the e-mails that carry a link: a sentence, a button with the link, the link as text, in the frame of EmailFrame.tsx. */
import { Button, Link, Section, Text } from "@react-email/components";
import { type BusinessProps, EmailFrame, styles } from "./EmailFrame";

/** What every template with a link gets: the business settings, the link and how long it works. */
export type EmailProps = BusinessProps & {
  url: string;
  validFor: string;
};

type ActionEmailProps = EmailProps & {
  title: string;
  preview: string;
  heading: string;
  intro: string;
  action: string;
  ignoreNote: string;
};

export function ActionEmail({ url, validFor, intro, action, ignoreNote, ...frame }: ActionEmailProps) {
  return (
    <EmailFrame {...frame}>
      <Text style={styles.text}>{intro}</Text>
      <Section style={styles.buttonRow}>
        <Button href={url} style={styles.button}>
          {action}
        </Button>
      </Section>
      {/* The button already carries the link in the plain-text version. */}
      <Text style={styles.text} data-skip-in-text={true}>
        Or copy this link into your browser:
        <br />
        <Link href={url} style={styles.link}>
          {url}
        </Link>
      </Text>
      <Text style={styles.text}>{`This link is valid for ${validFor} and works once.`}</Text>
      <Text style={styles.text}>{`If you didn't ask for this, ignore this e-mail: ${ignoreNote}`}</Text>
    </EmailFrame>
  );
}
