/**
 * E-mails as they are sent: a React Email template rendered with the business's details and, for
 * the e-mails that carry one, the link.
 */
import { createElement } from "react";
import { render } from "@react-email/render";
import { currentBusinessDetails } from "@/lib/reference-data/read-settings";
import type { BusinessDetails } from "@/lib/reference-data/settings-record";
import { EMAIL_TOKEN_LIFETIME_MS } from "@/lib/tokens/issue-email-token";
import type { EmailTemplate, TokenPurpose } from "@/lib/generated/prisma/enums";
import VerifyEmail, { verifyEmailSubject } from "@/emails/VerifyEmail";
import ResetPassword, { resetPasswordSubject } from "@/emails/ResetPassword";
import PasswordChanged, { passwordChangedSubject } from "@/emails/PasswordChanged";
import ChangeEmail, { changeEmailSubject } from "@/emails/ChangeEmail";
import EmailChangeNotice, { emailChangeNoticeSubject } from "@/emails/EmailChangeNotice";
import NewDevice, { newDeviceDetails, newDeviceSubject } from "@/emails/NewDevice";

export type OutgoingEmail = {
  template: EmailTemplate;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link it carries; a notice carries none. */
  url?: string;
};

/** The e-mails that carry a link with a token: one per token purpose. */
export type LinkEmailTemplate = EmailTemplate & TokenPurpose;
/** The e-mails that only tell the customer something. */
export type NoticeEmailTemplate = Exclude<EmailTemplate, LinkEmailTemplate>;

const LINK_TEMPLATES = {
  verify_email: { component: VerifyEmail, subject: verifyEmailSubject },
  reset_password: { component: ResetPassword, subject: resetPasswordSubject },
  change_email: { component: ChangeEmail, subject: changeEmailSubject },
} satisfies Record<LinkEmailTemplate, unknown>;

/** `details`: a notice's stand-ins for what differs from one e-mail to the next, put in by composeNotice. */
const NOTICE_TEMPLATES: Record<
  NoticeEmailTemplate,
  { component: typeof PasswordChanged; subject: (tradingName: string) => string; details?: Record<string, string> }
> = {
  password_changed: { component: PasswordChanged, subject: passwordChangedSubject },
  email_change_notice: { component: EmailChangeNotice, subject: emailChangeNoticeSubject },
  new_device: { component: NewDevice, subject: newDeviceSubject, details: newDeviceDetails },
};

const isLinkTemplate = (template: EmailTemplate): template is LinkEmailTemplate => template in LINK_TEMPLATES;

/** "24 hours", "1 hour": how long the token the e-mail carries is valid. */
function validFor(template: LinkEmailTemplate): string {
  const hours = EMAIL_TOKEN_LIFETIME_MS[template] / 3_600_000;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

// Rendering a React Email template costs about 5 ms of CPU, as much as a third of a registration
// besides the password hash. Only the link differs from one e-mail to the next, so each template
// is rendered once per version of the business details, with this stand-in where the link goes
// (letters and digits only: it comes out of React and the text conversion unchanged), and each
// e-mail is that render with the link put in, escaped for HTML in the HTML part.
const LINK_STAND_IN = "https://link.invalid/LINKSTANDIN7f3a9c";

type RenderedTemplate = { subject: string; html: string; text: string };

// Keyed by the business details object, which the settings cache replaces when they change.
const renderedFor = new WeakMap<BusinessDetails, Map<EmailTemplate, Promise<RenderedTemplate>>>();

async function renderTemplate(template: EmailTemplate, business: BusinessDetails): Promise<RenderedTemplate> {
  const businessProps = {
    tradingName: business.trading_name,
    supportEmail: business.cs_email,
    supportNumber: business.cs_number,
  };
  const { element, subject } = isLinkTemplate(template)
    ? {
        element: createElement(LINK_TEMPLATES[template].component, {
          ...businessProps,
          url: LINK_STAND_IN,
          validFor: validFor(template),
        }),
        subject: LINK_TEMPLATES[template].subject,
      }
    : {
        element: createElement(NOTICE_TEMPLATES[template].component, businessProps),
        subject: NOTICE_TEMPLATES[template].subject,
      };
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: subject(business.trading_name), html, text };
}

function renderedTemplate(template: EmailTemplate, business: BusinessDetails): Promise<RenderedTemplate> {
  let templates = renderedFor.get(business);
  if (!templates) {
    templates = new Map();
    renderedFor.set(business, templates);
  }
  let rendered = templates.get(template);
  if (!rendered) {
    rendered = renderTemplate(template, business);
    rendered.catch(() => templates.delete(template));
    templates.set(template, rendered);
  }
  return rendered;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/** The e-mail that carries `url`, signed with the business's trading name and support contacts. */
export async function composeEmail(template: LinkEmailTemplate, to: string, url: string): Promise<OutgoingEmail> {
  const rendered = await renderedTemplate(template, await currentBusinessDetails());
  return {
    template,
    to,
    subject: rendered.subject,
    html: rendered.html.replaceAll(LINK_STAND_IN, escapeHtml(url)),
    text: rendered.text.replaceAll(LINK_STAND_IN, url),
    url,
  };
}

/**
 * A notice without a link (password changed), signed like every e-mail; `details` are the values of
 * the template's stand-ins (the new-device alert's when, app, user agent and IP), every one required.
 */
export async function composeNotice(
  template: NoticeEmailTemplate,
  to: string,
  details: Record<string, string> = {},
): Promise<OutgoingEmail> {
  let { subject, html, text } = await renderedTemplate(template, await currentBusinessDetails());
  for (const [name, standIn] of Object.entries(NOTICE_TEMPLATES[template].details ?? {})) {
    const value = details[name];
    if (value === undefined) throw new Error(`the ${template} e-mail needs its ${name}`);
    html = html.replaceAll(standIn, escapeHtml(value));
    text = text.replaceAll(standIn, value);
  }
  return { template, to, subject, html, text };
}
