/**
 * What the back office may see of a queued e-mail's body: the e-mail as it will be rendered, with
 * every single-use token in it hidden. A waiting e-mail's link still works; shown to staff as is,
 * it would let them verify an address or reset a password in the customer's place. Delivered
 * e-mails have no body left to show (dispatch-emails.ts clears it).
 */
import type { EmailOutbox } from "@/lib/generated/prisma/client";

/** The e-mail's HTML and text, tokens hidden, or null once the body was cleared. */
export type OutboxPreview = { html: string; text: string | null } | null;

// The tokens e-mails carry are 32 random bytes in base64url (lib/tokens/new-token.ts): 43 characters.
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
export const HIDDEN_TOKEN = "[single-use-token-hidden]";

export function previewOutboxEmail(email: Pick<EmailOutbox, "html" | "text">): OutboxPreview {
  if (email.html === null) return null;
  return { html: email.html.replace(TOKEN, HIDDEN_TOKEN), text: email.text?.replace(TOKEN, HIDDEN_TOKEN) ?? null };
}
