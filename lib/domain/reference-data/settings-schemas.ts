/** What the back office may send for the business settings (the public API's view is reference-data-schemas.ts). */
import { z } from "zod";
import { fields } from "@/lib/platform/validation/fields";

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

export type SettingsInput = z.infer<typeof settingsInput>;
