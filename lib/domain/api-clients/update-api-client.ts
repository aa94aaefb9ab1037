/** Renames an API client or replaces its allowed origins. */
import type { z } from "zod";
import { COMMAND_LINE, type Actor } from "@/lib/domain/audit/record-audit";
import type { ApiClientKey, PublicClient } from "./api-client-record";
import { uniqueOrigins, type clientChanges } from "./api-client-schemas";
import { changeApiClient } from "./change-api-client";

export async function updateApiClient(
  key: ApiClientKey,
  changes: z.infer<typeof clientChanges>,
  actor: Actor = COMMAND_LINE,
): Promise<PublicClient> {
  const allowedOrigins = changes.allowed_origins && uniqueOrigins(changes.allowed_origins);
  return changeApiClient(key, "update", { name: changes.name, allowedOrigins }, actor);
}
