/**
 * E-mails as they are sent: a React Email template rendered in the customer's language (the
 * catalogues of emails/messages) with the business's details and, for the e-mails that carry one,
 * the link; a notice's details (a date) in the locale's format.
 */
import { createElement } from "react";
import { render } from "@react-email/render";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";
import type { BusinessDetails } from "@/lib/domain/reference-data/settings-record";
import { EMAIL_TOKEN_LIFETIME_MS } from "@/lib/domain/tokens/issue-email-token";
import { STAFF_RESET_LIFETIME_MS } from "@/lib/domain/tokens/staff-password-token";
import type { EmailTemplate } from "@/lib/generated/prisma/enums";
import { CATALOGUES, catalogueFor } from "@/emails/messages";
import { fill } from "@/emails/components/fill";
import type { TemplateProps } from "@/emails/components/EmailFrame";
import { isLinkTemplate, type LinkEmailTemplate, type NoticeEmailTemplate } from "./link-templates";
import VerifyEmail from "@/emails/VerifyEmail";
import ResetPassword from "@/emails/ResetPassword";
import PasswordChanged from "@/emails/PasswordChanged";
import AccountClosed from "@/emails/AccountClosed";
import ChangeEmail from "@/emails/ChangeEmail";
import EmailChangeNotice from "@/emails/EmailChangeNotice";
import NewDevice from "@/emails/NewDevice";
import StaffResetPassword from "@/emails/StaffResetPassword";
import MfaEnabled from "@/emails/MfaEnabled";
import MfaDisabled from "@/emails/MfaDisabled";
import RecoveryCodeUsed from "@/emails/RecoveryCodeUsed";
import KycVerified from "@/emails/KycVerified";
import KycRejected from "@/emails/KycRejected";
import PasskeyAdded from "@/emails/PasskeyAdded";
import PasskeyRemoved from "@/emails/PasskeyRemoved";
import PasskeyCloned from "@/emails/PasskeyCloned";
import ScaLocked from "@/emails/ScaLocked";

export type OutgoingEmail = {
  template: EmailTemplate;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link it carries; a notice carries none. */
  link?: EmailLink;
};

/** A link with a single-use token in it, and that token: the outbox stores the e-mail without it (outbox-token-box.ts). */
export type EmailLink = { url: string; token: string };

export type { LinkEmailTemplate, NoticeEmailTemplate };

const LINK_TEMPLATES = {
  verify_email: VerifyEmail,
  reset_password: ResetPassword,
  change_email: ChangeEmail,
  staff_reset_password: StaffResetPassword,
} satisfies Record<LinkEmailTemplate, unknown>;

/** How long each link works. */
const LINK_LIFETIME_MS: Record<LinkEmailTemplate, number> = {
  ...EMAIL_TOKEN_LIFETIME_MS,
  staff_reset_password: STAFF_RESET_LIFETIME_MS,
};

/** Each notice and the details it shows: a date, in the customer's format, or text, as it is. */
const NOTICE_TEMPLATES = {
  password_changed: { component: PasswordChanged, details: ["when"] },
  account_closed: { component: AccountClosed, details: ["when"] },
  email_change_notice: { component: EmailChangeNotice, details: [] },
  new_device: { component: NewDevice, details: ["when", "app", "userAgent", "ip"] },
  mfa_enabled: { component: MfaEnabled, details: ["when"] },
  mfa_disabled: { component: MfaDisabled, details: ["when"] },
  recovery_code_used: { component: RecoveryCodeUsed, details: ["when"] },
  kyc_verified: { component: KycVerified, details: [] },
  kyc_rejected: { component: KycRejected, details: [] },
  passkey_added: { component: PasskeyAdded, details: ["passkey", "when"] },
  passkey_removed: { component: PasskeyRemoved, details: ["passkey", "when"] },
  passkey_cloned: { component: PasskeyCloned, details: ["passkey", "when"] },
  sca_locked: { component: ScaLocked, details: ["when", "until"] },
} as const satisfies Record<NoticeEmailTemplate, { component: unknown; details: readonly string[] }>;

type DetailName<T extends NoticeEmailTemplate> = (typeof NOTICE_TEMPLATES)[T]["details"][number];

/** What a notice shows besides its words: `{when: new Date()}`. */
export type NoticeDetails<T extends NoticeEmailTemplate> = Record<DetailName<T>, Date | string>;

/** The timezone of the dates in e-mails, named in them: the settings name none for the business. */
const EMAIL_TIME_ZONE = "UTC";

/** "fr_CA" → "fr-CA" when Intl knows that language, else the tag of the catalogue it reads. */
export function intlTag(locale: string | null, catalogue: string): string {
  const tag = (id: string) => id.replace("_", "-");
  try {
    if (locale !== null && Intl.DateTimeFormat.supportedLocalesOf(tag(locale)).length > 0) return tag(locale);
  } catch {
    // Not a well-formed locale: its catalogue's says how to write numbers and dates.
  }
  return tag(catalogue);
}

/** "24 hours", "24 heures": how long the token the e-mail carries is valid. */
function validFor(template: LinkEmailTemplate, lang: string): string {
  const hours = LINK_LIFETIME_MS[template] / 3_600_000;
  return new Intl.NumberFormat(lang, { style: "unit", unit: "hour", unitDisplay: "long" }).format(hours);
}

/** "23 November 2026 at 07:45 UTC", "23. November 2026 um 07:45 UTC". */
function formatDate(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: EMAIL_TIME_ZONE,
    timeZoneName: "short",
  }).format(date);
}

// Rendering a React Email template costs about 5 ms of CPU, as much as a third of a registration
// besides the password hash. Only the link and a notice's details differ from one e-mail to the
// next, so each template is rendered once per locale and version of the business details, with
// stand-ins where the link and the details go (letters and digits only: they come out of React and
// the text conversion unchanged), and each e-mail is that render with them put in, escaped for
// HTML in the HTML part.
const LINK_STAND_IN = "https://link.invalid/LINKSTANDIN7f3a9c";
const detailStandIn = (name: string) => `DETAILSTANDIN${name}7f3a9c`;
const detailStandIns = <T extends NoticeEmailTemplate>(template: T) =>
  Object.fromEntries(NOTICE_TEMPLATES[template].details.map((name) => [name, detailStandIn(name)])) as Record<
    DetailName<T>,
    string
  >;

/** `lang`: the BCP 47 tag the e-mail is written for, which formats the details put in. */
type RenderedTemplate = { subject: string; html: string; text: string; lang: string };

// Keyed by the business details object, which the settings cache replaces when they change, then
// by template and locale.
const renderedFor = new WeakMap<BusinessDetails, Map<string, Promise<RenderedTemplate>>>();

async function renderTemplate(
  template: EmailTemplate,
  locale: string | null,
  business: BusinessDetails,
): Promise<RenderedTemplate> {
  const catalogue = catalogueFor(locale);
  const lang = intlTag(locale, catalogue);
  const props = {
    tradingName: business.trading_name,
    supportEmail: business.cs_email,
    supportNumber: business.cs_number,
    lang,
    messages: CATALOGUES[catalogue],
  };
  const element = isLinkTemplate(template)
    ? createElement(LINK_TEMPLATES[template], { ...props, url: LINK_STAND_IN, validFor: validFor(template, lang) })
    : noticeElement(template, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: fill(props.messages[template].subject, { tradingName: business.trading_name }), html, text, lang };
}

/** A notice's props name every notice's details (their stand-ins), so that each template takes those it shows. */
function noticeElement(template: NoticeEmailTemplate, props: TemplateProps) {
  const noticeProps = { ...props, ...detailStandIns(template) };
  return createElement<typeof noticeProps>(NOTICE_TEMPLATES[template].component, noticeProps);
}

function renderedTemplate(
  template: EmailTemplate,
  locale: string | null,
  business: BusinessDetails,
): Promise<RenderedTemplate> {
  let templates = renderedFor.get(business);
  if (!templates) {
    templates = new Map();
    renderedFor.set(business, templates);
  }
  const key = `${template} ${locale ?? ""}`;
  let rendered = templates.get(key);
  if (!rendered) {
    rendered = renderTemplate(template, locale, business);
    rendered.catch(() => templates.delete(key));
    templates.set(key, rendered);
  }
  return rendered;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** A replacement taken as it is: a string would read `$&`, `$'` and `` $` `` in a link or a user agent as patterns. */
const literally = (value: string) => () => value;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);

/**
 * The e-mail that carries `link`, in the language of `locale` (the customer's effective locale,
 * lib/domain/customer-accounts/customer-locale.ts; null for none), signed with the business's trading name and
 * support contacts.
 */
export async function composeEmail(
  template: LinkEmailTemplate,
  to: string,
  link: EmailLink,
  locale: string | null,
): Promise<OutgoingEmail> {
  const rendered = await renderedTemplate(template, locale, await currentBusinessDetails());
  return {
    template,
    to,
    subject: rendered.subject,
    html: rendered.html.replaceAll(LINK_STAND_IN, literally(escapeHtml(link.url))),
    text: rendered.text.replaceAll(LINK_STAND_IN, literally(link.url)),
    link,
  };
}

/** A notice without a link (password changed, account closed, a new device, …), in the language of `locale`, signed like every e-mail. */
export async function composeNotice<T extends NoticeEmailTemplate>(
  template: T,
  to: string,
  locale: string | null,
  details: NoticeDetails<T>,
): Promise<OutgoingEmail> {
  const rendered = await renderedTemplate(template, locale, await currentBusinessDetails());
  let { html, text } = rendered;
  for (const [name, value] of Object.entries<Date | string>(details)) {
    const shown = value instanceof Date ? formatDate(value, rendered.lang) : value;
    html = html.replaceAll(detailStandIn(name), literally(escapeHtml(shown)));
    text = text.replaceAll(detailStandIn(name), literally(shown));
  }
  return { template, to, subject: rendered.subject, html, text };
}
