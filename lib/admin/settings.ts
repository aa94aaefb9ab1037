import { z } from "zod";
import type { Settings } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";
import { fields } from "@/lib/api/input";
import { auditedChange, type Actor } from "@/lib/audit";
import { SETTINGS_ID } from "@/lib/settings";

/** The single settings row (id 1) as the back office edits it; the apps read it via /client/v1/settings. */
export type SettingsRecord = {
  id: number;
  trading_name: string;
  company_name: string;
  tag_line: string;
  license: string;
  cs_number: string;
  cs_email: string;
  hq_address: string;
  hq_city: string;
  hq_region: string;
  hq_postcode: string;
  hq_country: string;
  updated_at: string;
};

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
  return {
    id: settings.id,
    trading_name: settings.tradingName,
    company_name: settings.companyName,
    tag_line: settings.tagLine,
    license: settings.license,
    cs_number: settings.csNumber,
    cs_email: settings.csEmail,
    hq_address: settings.hqAddress,
    hq_city: settings.hqCity,
    hq_region: settings.hqRegion,
    hq_postcode: settings.hqPostcode,
    hq_country: settings.hqCountry,
    updated_at: settings.updatedAt.toISOString(),
  };
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
        data: {
          tradingName: input.trading_name,
          companyName: input.company_name,
          tagLine: input.tag_line,
          license: input.license,
          csNumber: input.cs_number,
          csEmail: input.cs_email,
          hqAddress: input.hq_address,
          hqCity: input.hq_city,
          hqRegion: input.hq_region,
          hqPostcode: input.hq_postcode,
          hqCountry: input.hq_country,
        },
      }),
    );
    const before = toSettingsRecord(existing);
    return { result: after, audit: { action: "update", resource: "settings", resourceId: id, before, after } };
  });
}
