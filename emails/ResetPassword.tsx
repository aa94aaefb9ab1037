import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

type Props = { tradingName: string; supportEmail: string; supportNumber: string; url: string };

export default function ResetPassword({ tradingName, supportEmail, supportNumber, url }: Props) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{`Reset your ${tradingName} password`}</title>
      </Head>
      <Preview>{`Choose a new password for your ${tradingName} account.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{tradingName}</Text>
          <Heading as="h1" style={styles.heading}>
            Reset your password
          </Heading>
          <Text style={styles.text}>
            Someone asked to reset the password of your {tradingName} account: choose a new one with the link below.
          </Text>
          <Section style={styles.buttonRow}>
            <Button href={url} style={styles.button}>
              Choose a new password
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
          <Text style={styles.text}>This link is valid for 1 hour and works once.</Text>
          <Text style={styles.text}>If you didn&apos;t ask for this, ignore this e-mail: your password stays the same.</Text>
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
