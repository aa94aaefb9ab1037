/**
 * What the back office may see of a queued e-mail's body: the e-mail as it will be rendered, with
 * a marker where its single-use token goes. A waiting e-mail's link still works; shown to staff as
 * is, it would let them verify an address or reset a password in the customer's place. The stored
 * bodies never hold the token (outbox-token-box.ts), so the preview is them as they are; a link
 * e-mail queued before that (an upgraded database) may hold its token and is not shown at all.
 * Delivered e-mails have no body left to show (dispatch-emails.ts clears it).
 */
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import { holdsLegacyToken } from "./outbox-token-box";

/** The e-mail's HTML and text, its token replaced by TOKEN_MARKER, or null when there is nothing it may show. */
export type OutboxPreview = { html: string; text: string | null } | null;

export function previewOutboxEmail(email: Pick<EmailOutbox, "template" | "html" | "text" | "tokenBox">): OutboxPreview {
  if (email.html === null || holdsLegacyToken(email)) return null;
  return { html: email.html, text: email.text };
}
