/** GET /client/v1/settings: the business settings with the enabled locales and timezones. */
import { settingsResponse } from "@/lib/http/schemas";
import { referenceReadOperation } from "@/lib/http/reference-reads";

export const getSettings = referenceReadOperation("/client/v1/settings", {
  operationId: "getSettings",
  headOperationId: "headSettings",
  summary: "Business settings",
  description:
    "Names, licence, support contacts and head office, with the enabled locales and timezones in display order.",
  ok: { description: "The settings", schema: settingsResponse },
});
