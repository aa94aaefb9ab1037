/**
 * Gives an active API client a new secret, shown in the result only; the old one stops working at
 * once. A revoked client is not brought back this way: a new one is created instead.
 */
import { invalidRequest } from "@/lib/platform/errors/domain-error";
import { COMMAND_LINE, type Actor } from "@/lib/domain/audit/record-audit";
import { newCredentials } from "./api-client-credentials";
import type { ApiClientKey } from "./api-client-record";
import { changeApiClient } from "./change-api-client";
import { readApiClient } from "./read-api-client";

export async function rotateApiClientSecret(key: ApiClientKey, actor: Actor = COMMAND_LINE) {
  const existing = await readApiClient(key);
  if (!existing.active) throw invalidRequest("This client is revoked: create a new one instead");
  const { clientSecret, secretHash } = newCredentials();
  return { ...(await changeApiClient(key, "rotate_secret", { secretHash }, actor)), client_secret: clientSecret };
}
