/**
 * The audit log in words: which field was changed, and each value as a person reads it (dates with
 * their timezone, yes and no, lists); what was done is AUDIT_ACTION_LABELS in ../choices.ts, and for
 * a decision which way it went (actionWords). The
 * field names are those of the admin API's records; one not listed here is spelled out from its
 * name ("tag_line" → "Tag line").
 */
import type { AuditRecord } from "@/lib/domain/audit/audit-record";
import { formatDateTime } from "../DateTimeField";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTORS,
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  EMAIL_TEMPLATES,
  KYC_STATUSES,
  OUTBOX_STATUSES,
  PROFILE_FIELD_LABELS,
  RETENTION_TRIGGERS,
  RISK_RATINGS,
  STAFF_ROLES,
} from "../choices";

const FIELDS: Record<string, string> = {
  ...PROFILE_FIELD_LABELS,
  known_name: "Name",
  official_name: "Official name",
  endonym: "Name in its own language",
  isd_code: "Dialling code",
  iso_code_alpha2: "ISO code (2 letters)",
  iso_code_alpha3: "ISO code (3 letters)",
  fips_code: "FIPS code",
  is_source: "Source country",
  updated_at: "Last changed",
  created_at: "Created",
  cs_number: "Customer support phone",
  cs_email: "Customer support e-mail",
  hq_address: "Head office address",
  hq_city: "Head office city",
  hq_region: "Head office region",
  hq_postcode: "Head office postcode",
  hq_country: "Head office country",
  license: "Licence",
  label: "Name",
  client_id: "Client id",
  allowed_origins: "Allowed origins",
  last_used_at: "Last used",
  revoked_at: "Revoked",
  email: "E-mail",
  last_login_at: "Last sign-in",
  to_address: "To",
  template: "E-mail",
  revoked: "Sessions ended",
  rows: "Rows exported",
  sent_to: "Sent to",
  kyc_status: "KYC status",
  risk_rating: "Risk rating",
  pep: "PEP",
  sanctions_hit: "Sanctions hit",
  profile: "Profile decided on",
  by: "By",
  trigger: "Started by",
  api_client_id: "API client",
};

const spelledOut = (name: string) => {
  const words = name.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const fieldLabel = (name: string) => FIELDS[name] ?? spelledOut(name);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The fields whose values come from a closed set, with the set's words ("blocked" → "Blocked"). */
const VALUE_WORDS: Record<string, { id: string; name: string }[]> = {
  status: [...CUSTOMER_STATUSES, ...OUTBOX_STATUSES],
  role: STAFF_ROLES,
  template: EMAIL_TEMPLATES,
  source: CUSTOMER_SOURCES,
  kyc_status: KYC_STATUSES,
  risk_rating: RISK_RATINGS,
  // A data export's `by` and a retention run's `trigger`, in the words of the entry's actor.
  by: AUDIT_ACTORS,
  trigger: RETENTION_TRIGGERS,
};

/** A recorded value of field `name` for reading: "—" for none. */
export function shownValue(value: unknown, name?: string): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") {
    const word = name === undefined ? undefined : VALUE_WORDS[name]?.find((choice) => choice.id === value)?.name;
    if (word) return word;
    return ISO_TIMESTAMP.test(value) ? formatDateTime(value, { withSeconds: true }) : value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => shownValue(item, name)).join(", ") : "—";
  return JSON.stringify(value);
}

const lowered = (value: unknown, name: string) => shownValue(value, name).toLowerCase();

/** What an entry did, in the list: for a decision, which way it went ("KYC → verified", "Risk → high, PEP", "Legal hold set"). */
export function actionWords({ action, after }: Pick<AuditRecord, "action" | "after">): string {
  const facts = (after ?? {}) as Record<string, unknown>;
  switch (action) {
    case "kyc_decision":
      return `KYC → ${lowered(facts.kyc_status, "kyc_status")}`;
    case "risk_decision":
      return [
        `Risk → ${lowered(facts.risk_rating, "risk_rating")}`,
        facts.pep === true && "PEP",
        facts.sanctions_hit === true && "sanctions hit",
      ]
        .filter(Boolean)
        .join(", ");
    case "legal_hold":
      return facts.legal_hold === true ? "Legal hold set" : "Legal hold lifted";
    case "screening_decision":
      return facts.status === "true_match" ? "Screening → true match" : "Screening → false positive";
    default:
      return AUDIT_ACTION_LABELS[action];
  }
}
