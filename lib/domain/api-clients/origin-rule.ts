/**
 * What an allowed origin must be, and what is said of one that is not, naming it. No imports: the
 * admin API's schema (api-client-schemas.ts), the command line and the back office's form all
 * judge by this one rule, so the form says before saving what the server would answer.
 */
const RULE =
  "an origin is a scheme (https or http), a host and an optional port, nothing else, e.g. https://app.example.com";

/** Long enough for any real origin; a longer one is named by its start only. */
export const MAX_ORIGIN_LENGTH = 2048;
const SHOWN_LENGTH = 80;

/** Why `value` is not an allowed origin, naming it; undefined for one that is. */
export function originProblem(value: string): string | undefined {
  const shown = value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value;
  if (value.length > MAX_ORIGIN_LENGTH)
    return `“${shown}” is too long to be an origin (at most ${MAX_ORIGIN_LENGTH} characters)`;
  try {
    const url = new URL(value);
    if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, ""))
      return undefined;
  } catch {
    // Not a URL at all: said below.
  }
  return `“${shown}” is not a valid origin: ${RULE}`;
}

export const NO_ORIGIN =
  "Add at least one allowed origin: without one, every registration through this client fails (not_allowed)";
