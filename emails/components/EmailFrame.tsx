/** The frame every e-mail of ours is drawn in: the trading name, a heading, what the e-mail says, the support contact. */
import type { ReactNode } from "react";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import type { Messages } from "../messages";
import { fillNodes } from "./fill";

/** What every template gets from the business settings. */
export type BusinessProps = {
  tradingName: string;
  supportEmail: string;
  supportNumber: string;
};

/** What every template gets: the business settings, and the language it speaks. */
export type TemplateProps = BusinessProps & {
  /** The BCP 47 tag of the customer's locale, "fr-CA". */
  lang: string;
  /** The catalogue for it (emails/messages). */
  messages: Messages;
};

type EmailFrameProps = TemplateProps & { title: string; preview: string; heading: string; children: ReactNode };

export function EmailFrame({
  tradingName,
  supportEmail,
  supportNumber,
  lang,
  messages,
  title,
  preview,
  heading,
  children,
}: EmailFrameProps) {
  return (
    <Html lang={lang} dir="ltr">
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
          {children}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            {fillNodes(messages.frame.footer, {
              tradingName,
              supportNumber,
              supportEmail: (
                <Link href={`mailto:${supportEmail}`} style={styles.footerLink}>
                  {supportEmail}
                </Link>
              ),
            })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const styles = {
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
