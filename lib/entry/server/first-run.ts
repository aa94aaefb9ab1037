/**
 * Whether there is no staff account or no API client yet, and whether the business settings are
 * still hold placeholders: `npm start` then says what to do (lib/entry/server/announcement.ts).
 */
import { db } from "@/lib/platform/db";
import { placeholderSettings } from "@/lib/domain/reference-data/read-settings";
import type { FirstRun } from "./announcement";

export async function readFirstRun(): Promise<FirstRun> {
  return {
    noStaff: (await db().staff.count()) === 0,
    noClients: (await db().apiClient.count({ where: { active: true } })) === 0,
    placeholderSettings: (await placeholderSettings()).length > 0,
  };
}
