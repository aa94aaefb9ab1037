import type { FieldError } from "@/lib/api/errors";
import { isHttpUrlWithToken, type RawInput } from "@/lib/api/input";
import type { AuthenticatedClient } from "@/lib/clients";

/**
 * A link we e-mail must point at one of the API client's own origins: otherwise anyone holding
 * the client's credentials could have our e-mail carry a victim's token to a site of theirs.
 * Only judged when the URL is otherwise valid (the schema reports that).
 */
export function linkOriginCheck(param: string, client: AuthenticatedClient) {
  return (raw: RawInput): FieldError[] => {
    const value = raw[param];
    if (typeof value !== "string" || !isHttpUrlWithToken(value.trim())) return [];
    const { origin } = new URL(value.trim());
    if (client.allowedOrigins.includes(origin)) return [];
    return [{ param, code: "not_allowed", message: `${origin} is not an allowed origin for this API client` }];
  };
}
