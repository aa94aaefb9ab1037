/**
 * Creates an API client; its secret is in the result and nowhere else, ever (the admin API's answer
 * to create, or the command line's output). Audited as `actor`'s: the command line's unless a
 * staff member is named.
 */
import type { z } from "zod";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { COMMAND_LINE, type Actor } from "@/lib/domain/audit/record-audit";
import { newCredentials } from "./api-client-credentials";
import { toPublicClient } from "./api-client-record";
import { uniqueOrigins, type newClientInput } from "./api-client-schemas";

export async function createApiClient(input: z.infer<typeof newClientInput>, actor: Actor = COMMAND_LINE) {
  const { clientId, clientSecret, secretHash } = newCredentials();
  const client = await auditedChange(actor, ["api_clients"], async (tx) => {
    const created = toPublicClient(
      await tx.apiClient.create({
        data: { name: input.name, clientId, secretHash, allowedOrigins: uniqueOrigins(input.allowed_origins) },
      }),
    );
    return {
      result: created,
      audit: { action: "create", resource: "clients", resourceId: created.id, after: created },
    };
  });
  return { ...client, client_secret: clientSecret };
}
