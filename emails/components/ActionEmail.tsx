/** What our e-mails share: the props every template gets, and the one layout they are built on. */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";

/** What every template gets from the business settings and the link it carries. */
export type EmailProps = {
  tradingName: string;
  supportEmail: string;
  supportNumber: string;
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

/** The one layout of our e-mails: a sentence, a button with the link, the link as text, the support contact. */
export function ActionEmail({
  tradingName,
  supportEmail,
  supportNumber,
  url,
  validFor,
  title,
  preview,
  heading,
  intro,
  action,
  ignoreNote,
}: ActionEmailProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{tradingName}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
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
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            Questions? Contact {tradingName} support at{" "}
            <Link href={`mailto:${supportEmail}`} style={styles.footerLink}>
              {supportEmail}
            </Link>{" "}
            or {supportNumber}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const styles = {
  body: { backgroundColor: "#f4f5f7", margin: 0, padding: "24px 0", fontFamily: "Helvetica, Arial, sans-serif" },
  container: { backgroundColor: "#ffffff", maxWidth: "560px", margin: "0 auto", padding: "32px" },
  brand: { fontSize: "14px", fontWeight: 700, color: "#1f2933", margin: "0 0 24px" },
  heading: { fontSize: "22px", lineHeight: "30px", color: "#1f2933", margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "24px", color: "#1f2933", margin: "0 0 16px" },
  buttonRow: { margin: "8px 0 24px" },
  button: {
    backgroundColor: "#1a56db",
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 700,
    borderRadius: "6px",
    padding: "12px 24px",
    textDecoration: "none",
  },
  link: { color: "#1a56db", textDecoration: "underline", wordBreak: "break-all" as const },
  rule: { borderColor: "#d9dde3", margin: "24px 0 16px" },
  footer: { fontSize: "13px", lineHeight: "20px", color: "#52606d", margin: 0 },
  footerLink: { color: "#52606d", textDecoration: "underline" },
};
