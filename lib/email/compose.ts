import { createElement } from "react";
import { render } from "@react-email/render";
import { currentBusinessDetails } from "@/lib/settings";
import { EMAIL_TOKEN_LIFETIME_MS } from "@/lib/tokens";
import VerifyEmail, { verifyEmailSubject } from "@/emails/VerifyEmail";
import ResetPassword, { resetPasswordSubject } from "@/emails/ResetPassword";

export type EmailTemplate = "verify_email" | "reset_password";

export type OutgoingEmail = { template: EmailTemplate; to: string; subject: string; html: string; text: string; url: string };

const TEMPLATES = {
  verify_email: { component: VerifyEmail, subject: verifyEmailSubject },
  reset_password: { component: ResetPassword, subject: resetPasswordSubject },
};

/** "24 hours", "1 hour": how long the token the e-mail carries is valid. */
function validFor(template: EmailTemplate): string {
  const hours = EMAIL_TOKEN_LIFETIME_MS[template] / 3_600_000;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** Renders an e-mail that carries `url`, signed with the business's trading name and support contacts. */
export async function composeEmail(template: EmailTemplate, to: string, url: string): Promise<OutgoingEmail> {
  const business = await currentBusinessDetails();
  const { component, subject } = TEMPLATES[template];
  const element = createElement(component, {
    tradingName: business.trading_name,
    supportEmail: business.cs_email,
    supportNumber: business.cs_number,
    url,
    validFor: validFor(template),
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { template, to, subject: subject(business.trading_name), html, text, url };
}
