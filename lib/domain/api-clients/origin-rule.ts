/**
 * What an allowed origin must be, and what is said of one that is not, naming it. No imports: the
 * admin API's schema (api-client-schemas.ts), the command line and the back office's form all
 * judge by this one rule, so the form says before saving what the server would answer.
 */
const RULE =
  "an origin is a scheme (https or http), a host and an optional port, nothing else, e.g. https://app.example.com, " +
  "or an Android app's android:apk-key-hash:<base64url SHA-256 of its signing certificate> (for passkeys)";

/** An Android app's origin in WebAuthn: the SHA-256 of its signing certificate, base64url without padding (43 characters). */
const ANDROID_ORIGIN = /^android:apk-key-hash:[A-Za-z0-9_-]{43}$/;

/** Long enough for any real origin; a longer one is named by its start only. */
export const MAX_ORIGIN_LENGTH = 2048;
const SHOWN_LENGTH = 80;

/** Why `value` is not an allowed origin, naming it; undefined for one that is. */
export function originProblem(value: string): string | undefined {
  const shown = value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value;
  if (value.length > MAX_ORIGIN_LENGTH)
    return `“${shown}” is too long to be an origin (at most ${MAX_ORIGIN_LENGTH} characters)`;
  if (ANDROID_ORIGIN.test(value)) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, ""))
      return undefined;
  } catch {
    // Not a URL at all: said below.
  }
  return `“${shown}” is not a valid origin: ${RULE}`;
}

/** An allowed origin as stored: a web origin as the browser spells it (no trailing slash, lower-case host), an Android one as it is. */
export const canonicalOrigin = (value: string): string => (ANDROID_ORIGIN.test(value) ? value : new URL(value).origin);

export const NO_ORIGIN =
  "Add at least one allowed origin: without one, every registration through this client fails (not_allowed)";
