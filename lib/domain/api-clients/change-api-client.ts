/**
 * The one write behind updating, revoking and rotating an API client: the change, its audit entry
 * (before and after, as the admin API shows them) and the bump that makes every instance's
 * authentication see it, in one transaction. Audited as `actor`'s.
 */
import type { ApiClient } from "@/lib/generated/prisma/client";
import type { AuditAction } from "@/lib/generated/prisma/enums";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor, AuditEntry } from "@/lib/domain/audit/record-audit";
import { noSuchClient, toPublicClient, type ApiClientKey, type PublicClient } from "./api-client-record";

export async function changeApiClient(
  key: ApiClientKey,
  action: Extract<AuditAction, "update" | "revoke" | "rotate_secret">,
  data: Partial<Pick<ApiClient, "name" | "allowedOrigins" | "active" | "revokedAt" | "secretHash">>,
  actor: Actor,
): Promise<PublicClient> {
  return auditedChange(actor, ["api_clients"], async (tx) => {
    const existing = await tx.apiClient.findUnique({ where: key });
    if (!existing) throw noSuchClient(key);
    const updated = toPublicClient(await tx.apiClient.update({ where: key, data }));
    const audit: AuditEntry = {
      action,
      resource: "clients",
      resourceId: existing.id,
      before: toPublicClient(existing),
      after: updated,
    };
    return { result: updated, audit };
  });
}
