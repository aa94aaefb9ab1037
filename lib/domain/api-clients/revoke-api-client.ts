/** Revokes an API client: its credentials stop working at once on the instance that revoked it, within a poll on the others. */
import { COMMAND_LINE, type Actor } from "@/lib/domain/audit/record-audit";
import type { ApiClientKey, PublicClient } from "./api-client-record";
import { changeApiClient } from "./change-api-client";

export async function revokeApiClient(key: ApiClientKey, actor: Actor = COMMAND_LINE): Promise<PublicClient> {
  return changeApiClient(key, "revoke", { active: false, revokedAt: new Date() }, actor);
}
