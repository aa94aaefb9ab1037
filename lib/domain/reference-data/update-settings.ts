/**
 * The business settings changed from the back office, in one transaction with its audit entry; from
 * then on they are no longer the seed's placeholders (`edited_at`).
 */
import { notFound } from "@/lib/platform/errors/domain-error";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { settingsColumns, SETTINGS_ID, toSettingsRecord, type SettingsRecord } from "./settings-record";
import type { SettingsInput } from "./settings-schemas";

export async function updateSettings(id: number, input: SettingsInput, actor: Actor): Promise<SettingsRecord> {
  if (id !== SETTINGS_ID) throw notFound("There is one settings record, with id 1");
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await tx.settings.findUnique({ where: { id } });
    if (!existing) throw notFound("There is one settings record, with id 1");
    const after = toSettingsRecord(
      await tx.settings.update({
        where: { id },
        data: { ...settingsColumns(input), editedAt: new Date() },
      }),
    );
    const before = toSettingsRecord(existing);
    return { result: after, audit: { action: "update", resource: "settings", resourceId: id, before, after } };
  });
}
