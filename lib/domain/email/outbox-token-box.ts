/**
 * How a link e-mail waits in the outbox without its single-use token: its bodies are stored with
 * every occurrence of the token (known when the e-mail is composed) replaced by a marker, and the
 * token itself sealed under AUTH_SECRET (lib/platform/auth-secret/index.ts) in `token_box`. Only the dispatcher,
 * at send time, and the operator's command line put it back. Hiding by the token's value, not by
 * what a token looks like, holds whatever a client's link template puts around it; and the
 * database alone holds no usable link. Tokens are base64url: a URL, HTML and plain text all write
 * them as they are, so one replacement finds every occurrence.
 */
import type { EmailOutbox } from "@/lib/generated/prisma/client";
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";
import type { OutgoingEmail } from "./compose-email";
import { isLinkTemplate } from "./link-templates";

/** Where the token was, in a stored body and in the back office's preview. */
export const TOKEN_MARKER = "[single-use-token-hidden]";

const PURPOSE = "remit e-mail outbox token";

type Body = { html: string; text: string };

/** What the outbox stores of `email`: its bodies without its token, and the token sealed (null for a notice). */
export function sealedBody(email: OutgoingEmail): Body & { tokenBox: string | null } {
  if (!email.link) return { html: email.html, text: email.text, tokenBox: null };
  const { token } = email.link;
  // A link writes its token as it is (it is base64url); were it ever encoded, hiding it by value would miss it.
  if (!email.text.includes(token)) throw new Error(`the ${email.template} e-mail does not carry its token as it is`);
  return {
    html: email.html.replaceAll(token, TOKEN_MARKER),
    text: email.text.replaceAll(token, TOKEN_MARKER),
    tokenBox: sealWithAuthSecret(PURPOSE, token),
  };
}

/** A stored row whose body may still hold a live token: a link e-mail queued before bodies were sealed. */
export const holdsLegacyToken = (email: Pick<EmailOutbox, "template" | "html" | "tokenBox">): boolean =>
  email.html !== null && email.tokenBox === null && isLinkTemplate(email.template);

/**
 * The e-mail as it is sent, its token back in place (and the token, null for none): null once
 * delivered (no body is kept), or when the token cannot be opened (AUTH_SECRET changed since it was queued).
 */
export function openedBody(
  email: Pick<EmailOutbox, "html" | "text" | "tokenBox">,
): { html: string; text: string | null; token: string | null } | null {
  if (email.html === null) return null;
  if (email.tokenBox === null) return { html: email.html, text: email.text, token: null };
  const token = openWithAuthSecret(PURPOSE, email.tokenBox);
  if (token === null) return null;
  return {
    html: email.html.replaceAll(TOKEN_MARKER, token),
    text: email.text?.replaceAll(TOKEN_MARKER, token) ?? null,
    token,
  };
}
