/**
 * A waiting e-mail as its customer will get it, live link included: for the person who runs the
 * service, who holds the database and its AUTH_SECRET anyway, to finish a flow by hand when no
 * e-mail provider is configured (`npm run -s cli -- outbox show <id>`). Never for a web screen: the
 * back office reads read-outbox-email.ts, which shows a marker in the token's place.
 */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { type OutboxRecord, toOutboxRecord } from "./outbox-record";
import { openedBody, TOKEN_MARKER } from "./outbox-token-box";
import { outboxRow } from "./read-outbox-email";

/** The e-mail's record, its plain text, link and all, and the link on its own (null for a notice). */
export async function openOutboxEmail(
  id: string,
): Promise<OutboxRecord & { text: string | null; link: string | null }> {
  const email = await outboxRow(id);
  if (email.html === null) throw invalidRequest(`E-mail ${id} was delivered: its body is not kept`);
  const body = openedBody(email);
  if (!body) throw invalidRequest(`E-mail ${id} cannot be opened: AUTH_SECRET changed since it was queued`);
  const link = body.token && email.text ? LINK.exec(email.text)?.[0].replaceAll(TOKEN_MARKER, body.token) : null;
  return { ...toOutboxRecord(email), text: body.text, link: link ?? null };
}

/** The link of a stored plain text: the http(s) URL around the token's marker, up to a space or what closes it. */
const LINK = new RegExp(`https?://[^\\s<>"\\]]*${TOKEN_MARKER.replace(/[[\]]/g, "\\$&")}[^\\s<>"\\]]*`);
