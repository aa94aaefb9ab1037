/**
 * The links we e-mail are built from templates the customer apps send (`email_verification_url`,
 * `reset_password_url`): their own page, with `:token` where the token goes. A template is parsed
 * as a WHATWG URL and judged by what it parses to, never by how it reads: a mail client that parses
 * a little differently must not be able to open another host. The link is then built from the
 * parsed URL, never from the string as it came.
 */
export const TOKEN_PLACEHOLDER = ":token";

// Backslashes read as slashes to a WHATWG parser but not to every mail client
// (`https://app.example\@evil.example/` is app.example to one and evil.example to another);
// white space and control characters are stripped by the parser, so what was sent is not what is used.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const AMBIGUOUS = /[\\\s\u0000-\u001f\u007f]/;

/** The template as a URL, or null when it is not an acceptable one. */
export function parseLinkTemplate(value: string): URL | null {
  if (AMBIGUOUS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "" || url.hostname === "") return null;
  if (!url.pathname.includes(TOKEN_PLACEHOLDER) && !url.search.includes(TOKEN_PLACEHOLDER)) return null;
  return url;
}

/**
 * The link the customer clicks: the parsed template with the token, URL-encoded, in place of
 * `:token`; and the token, which the outbox keeps apart from the e-mail (lib/domain/email/outbox-token-box.ts).
 */
export function linkWithToken(template: string, token: string): { url: string; token: string } {
  const url = parseLinkTemplate(template);
  if (!url) throw new Error("linkWithToken needs a template that parseLinkTemplate accepts");
  const encoded = encodeURIComponent(token);
  url.pathname = url.pathname.replaceAll(TOKEN_PLACEHOLDER, encoded);
  url.search = url.search.replaceAll(TOKEN_PLACEHOLDER, encoded);
  return { url: url.href, token };
}
