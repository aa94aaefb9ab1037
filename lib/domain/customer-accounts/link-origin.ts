/**
 * A link we e-mail must point at one of the API client's own origins: otherwise anyone holding
 * the client's credentials could have our e-mail carry a victim's token to a site of theirs.
 */
import type { FieldError } from "@/lib/platform/errors/domain-error";
import type { RawInput } from "@/lib/platform/validation/parse-input";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { parseLinkTemplate } from "@/lib/platform/validation/link-template";

/**
 * The input check that the link template in `param` is on one of `client`'s allowed origins.
 * The origin is the parsed URL's; only judged when the template is otherwise valid (the schema
 * reports that).
 */
export function linkOriginCheck(param: string, client: AuthenticatedClient) {
  return (raw: RawInput): FieldError[] => {
    const value = raw[param];
    const url = typeof value === "string" ? parseLinkTemplate(value.trim()) : null;
    if (!url || client.allowedOrigins.includes(url.origin)) return [];
    return [{ param, code: "not_allowed", message: `${url.origin} is not an allowed origin for this API client` }];
  };
}
