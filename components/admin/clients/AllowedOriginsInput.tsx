/**
 * The origins a browser app may call the API from, on both the create and the edit form. Checked
 * before saving by the server's own rule (lib/domain/api-clients/origin-rule.ts): at least one, and a bad
 * one is named in the message, not only by a red help text.
 */
import { TextArrayInput } from "react-admin";
import { NO_ORIGIN, originProblem } from "@/lib/domain/api-clients/origin-rule";

export function validateOrigins(origins: string[] | undefined): string | undefined {
  if (!origins?.length) return NO_ORIGIN;
  const problems = origins.map((origin) => originProblem(origin.trim())).filter(Boolean);
  return problems.length ? problems.join("; ") : undefined;
}

export default function AllowedOriginsInput() {
  return (
    <TextArrayInput
      source="allowed_origins"
      label="Allowed origins"
      validate={validateOrigins}
      isRequired
      helperText="Type an origin such as https://app.example.com and press Enter"
    />
  );
}
