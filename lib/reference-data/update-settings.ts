import { z } from "zod";
import type { Settings } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { fields } from "@/lib/validation/fields";
import { auditedChange } from "@/lib/audit/audited-change";
import type { Actor } from "@/lib/audit/record-audit";
import { businessDetails, settingsColumns, SETTINGS_ID, type BusinessDetails } from "./settings";

/** The single settings row (id 1) as the back office edits it; the apps read it via /client/v1/settings. */
export type SettingsRecord = { id: number } & BusinessDetails & { updated_at: string };

export const settingsInput = z.object({
  trading_name: fields.text("Trading name", 100),
  company_name: fields.text("Company name", 200),
  tag_line: fields.text("Tag line", 200),
  license: fields.text("Licence", 1000),
  cs_number: fields.phone("Customer service number"),
  cs_email: fields.email("Customer service e-mail"),
  hq_address: fields.text("Head office address", 200),
  hq_city: fields.text("Head office city", 100),
  hq_region: fields.optionalText("Head office region", 100),
  hq_postcode: fields.text("Head office postcode", 20),
  hq_country: fields.text("Head office country", 100),
});

function toSettingsRecord(settings: Settings): SettingsRecord {
  return { id: settings.id, ...businessDetails(settings), updated_at: settings.updatedAt.toISOString() };
}

export async function readSettings(id: number): Promise<SettingsRecord> {
  const settings = id === SETTINGS_ID ? await db().settings.findUnique({ where: { id } }) : null;
  if (!settings) throw notFound("There is one settings record, with id 1");
  return toSettingsRecord(settings);
}

export async function updateSettings(id: number, input: z.infer<typeof settingsInput>, actor: Actor): Promise<SettingsRecord> {
  if (id !== SETTINGS_ID) throw notFound("There is one settings record, with id 1");
  return auditedChange(actor, ["reference"], async (tx) => {
    const existing = await tx.settings.findUnique({ where: { id } });
    if (!existing) throw notFound("There is one settings record, with id 1");
    const after = toSettingsRecord(
      await tx.settings.update({
        where: { id },
        data: settingsColumns(input),
      }),
    );
    const before = toSettingsRecord(existing);
    return { result: after, audit: { action: "update", resource: "settings", resourceId: id, before, after } };
  });
}
