/**
 * Which e-mails carry a link with a single-use token, by name only: the outbox (outbox-token-box.ts)
 * asks this of stored rows, and must not load the templates (React Email) to know it, as the
 * server's background work, which sends the outbox, would then hold them all in memory.
 */
import type { EmailTemplate, TokenPurpose } from "@/lib/generated/prisma/enums";

/** The e-mails that carry a link with a token: one per token purpose, and a staff member's reset link. */
export type LinkEmailTemplate = (EmailTemplate & TokenPurpose) | "staff_reset_password";
/** The e-mails that only tell the customer something. */
export type NoticeEmailTemplate = Exclude<EmailTemplate, LinkEmailTemplate>;

const LINK_TEMPLATE_NAMES = {
  verify_email: true,
  reset_password: true,
  change_email: true,
  staff_reset_password: true,
} satisfies Record<LinkEmailTemplate, true>;

export const isLinkTemplate = (template: EmailTemplate): template is LinkEmailTemplate =>
  template in LINK_TEMPLATE_NAMES;
