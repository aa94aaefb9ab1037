/**
 * The closed sets of values the server also knows, as react-admin choices (`{ id, name }`), in one
 * place for every resource's selects and fields. The values come from the enums Prisma generates
 * from schema.prisma (plain objects, safe in the browser) and the permissions table the server
 * enforces; only the labels people read are written here, and `satisfies` makes the compiler
 * insist on a label for every value, so a value added to an enum cannot be missing from a screen.
 */
import {
  type AuditAction,
  type AuditActor,
  type AuditResource,
  type CustomerEventType,
  type CustomerSource,
  type EmailTemplate,
  type EventOutcome,
  type KycDecisionKind,
  type KycStatus,
  type OutboxStatus,
  type RetentionTrigger,
  type RiskRating,
  type ScreeningListFormat,
  type ScreeningMatchStatus,
  type ScreeningRunStatus,
  type ScreeningTopic,
  StaffRole,
  type SignInOutcome,
  type WebhookAttemptOutcome,
  type WebhookDeliveryStatus,
} from "@/lib/generated/prisma/enums";
import type { AdminResource } from "@/lib/domain/access/permissions";
import type { CustomerStatus } from "@/lib/domain/customer-profiles/customer-record";
import type { BusinessDetails } from "@/lib/domain/reference-data/settings-record";
import type { ProfileField } from "@/lib/domain/customer-profiles/profile-fields";
import { formatName } from "@/lib/domain/screening/screening-list-formats";

/** The choices of an enum, in the order of `labels`. */
function choicesOf<T extends string>(labels: Record<T, string>) {
  return (Object.entries(labels) as [T, string][]).map(([id, name]) => ({ id, name }));
}

/** The label of a choice's id ("—" for none; the id itself for one the list does not know). */
export function labelOf(choices: readonly { id: string; name: string }[], id: string | null): string {
  return id === null ? "—" : (choices.find((choice) => choice.id === id)?.name ?? id);
}

/** How a customer account came to be (`customers.source`). */
export const CUSTOMER_SOURCES = choicesOf({
  api: "Registered through the API",
  import: "Imported",
} satisfies Record<CustomerSource, string>);

/** Where a customer account stands (computed from `closed_at` and `blocked_at`, see customerStatus). */
export const CUSTOMER_STATUSES = choicesOf({
  active: "Active",
  blocked: "Blocked",
  closed: "Closed",
} satisfies Record<CustomerStatus, string>);

/** The business settings' fields, as the settings screen labels them (and the placeholder warnings name them). */
export const SETTINGS_FIELD_LABELS = {
  trading_name: "Trading name",
  company_name: "Company name",
  tag_line: "Tag line",
  license: "Licence",
  cs_number: "Customer service number",
  cs_email: "Customer service e-mail",
  hq_address: "Head office address",
  hq_city: "Head office city",
  hq_region: "Head office region",
  hq_postcode: "Head office postcode",
  hq_country: "Head office country",
} satisfies Record<keyof BusinessDetails, string>;

/** Where a customer's profile is in the KYC review (`customers.kyc_status`). */
export const KYC_STATUSES = choicesOf({
  not_submitted: "Not submitted",
  pending_review: "Pending review",
  verified: "Verified",
  rejected: "Rejected",
  closed_unreviewed: "Review ended: account closed",
} satisfies Record<KycStatus, string>);

/** The statuses staff decide: `not_submitted` is only where a profile starts, `closed_unreviewed` where a close ends it. */
export const KYC_DECISION_STATUSES = KYC_STATUSES.filter(
  (choice) => choice.id !== "not_submitted" && choice.id !== "closed_unreviewed",
);

/** How compliance rated a customer's risk (`customers.risk_rating`). */
export const RISK_RATINGS = choicesOf({
  low: "Low",
  medium: "Medium",
  high: "High",
} satisfies Record<RiskRating, string>);

/** What a KYC decision decided (`kyc_decisions.kind`). */
export const KYC_DECISION_KINDS = choicesOf({
  status: "KYC status",
  risk: "Risk rating",
} satisfies Record<KycDecisionKind, string>);

/** What happened to a customer account (`customer_events.type`). */
export const CUSTOMER_EVENT_TYPES = choicesOf({
  register: "Registration",
  login: "Login",
  login_failed: "Failed login",
  forgot_password: "Reset requested",
  password_reset: "Password reset",
  email_verified: "E-mail verified",
  logout: "Logout",
  // Sessions, locale and closure (issue 14).
  session_revoked: "Session signed out",
  other_sessions_revoked: "Other sessions signed out",
  locale_changed: "Locale changed",
  account_closed: "Account closed",
  // Issue 14: passwords and verification.
  password_changed: "Password changed",
  verification_resent: "Verification e-mail resent",
  // Issue 14: e-mail changes and new-device alerts.
  email_change_requested: "E-mail change requested",
  email_changed: "E-mail changed",
  new_device_alert: "New-device alert",
  // Issue 15: compliance actions by staff.
  blocked: "Blocked by staff",
  unblocked: "Unblocked by staff",
  sessions_revoked_by_staff: "Signed out everywhere by staff",
  verification_resent_by_staff: "Verification e-mail resent by staff",
  // Issue 25: the profile and its review.
  profile_updated: "Profile updated",
  profile_submitted: "Profile submitted for review",
  kyc_status_changed: "KYC status changed",
  risk_rating_changed: "Risk rating changed",
  // Issue 26: customers' two-factor.
  mfa_enabled: "Two-factor turned on",
  mfa_disabled: "Two-factor turned off",
  mfa_reset_by_staff: "Two-factor reset by staff",
  recovery_code_used: "Recovery code used",
  login_mfa_failed: "Wrong two-factor code at login",
  // Issue 26: sessions.
  refresh_token_reused: "Refresh token reused: session ended",
  // Issue 28: data rights.
  data_exported: "Data exported (subject access)",
  legal_hold_set: "Legal hold set",
  legal_hold_lifted: "Legal hold lifted",
  // Issue 39: passkeys.
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  passkey_removed_by_staff: "Passkey removed by staff",
  passkey_counter_regressed: "Passkey refused: counter went back (a copy?)",
  payment_authorised: "Payment approved",
  payment_authorisation_failed: "Payment approval failed",
  sca_locked: "Payment approvals locked (five failures)",
  sca_lock_lifted_by_staff: "Payment approval lock lifted by staff",
} satisfies Record<CustomerEventType, string>);

/** How an account event ended (`customer_events.outcome`). */
export const EVENT_OUTCOMES = choicesOf({
  success: "Succeeded",
  failure: "Failed",
  rate_limited: "Refused: too many attempts",
} satisfies Record<EventOutcome, string>);

/** Where an e-mail in the outbox stands (`email_outbox.status`). */
export const OUTBOX_STATUSES = choicesOf({
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
} satisfies Record<OutboxStatus, string>);

/** What an e-mail in the outbox is (`email_outbox.template`). */
export const EMAIL_TEMPLATES = choicesOf({
  verify_email: "Verify the e-mail address",
  reset_password: "Reset the password",
  password_changed: "Password changed",
  change_email: "Confirm a new e-mail address",
  email_change_notice: "E-mail address changed",
  new_device: "Login from a new device",
  account_closed: "Account closed",
  staff_reset_password: "Reset a staff password",
  mfa_enabled: "Two-factor turned on",
  mfa_disabled: "Two-factor turned off",
  recovery_code_used: "Recovery code used",
  kyc_verified: "Profile verified",
  kyc_rejected: "Profile not verified",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  passkey_cloned: "Passkey copy refused",
  sca_locked: "Payment approvals locked",
} satisfies Record<EmailTemplate, string>);

/** A staff account's role, named with a capital. */
export const STAFF_ROLES = Object.values(StaffRole).map((role) => ({
  id: role,
  name: role[0].toUpperCase() + role.slice(1),
}));

/** Each back-office resource as people name it. */
export const RESOURCE_NAMES = {
  dashboard: "Dashboard",
  settings: "Business settings",
  locales: "Locales",
  timezones: "Time zones",
  countries: "Countries",
  clients: "API clients",
  customers: "Customers",
  staff: "Staff",
  "audit-log": "Audit log",
  "audit-log-export": "Audit log export",
  outbox: "E-mail outbox",
  retention: "Retention",
  "two-factor": "Two-factor sign-in",
  me: "My account",
  "screening/lists": "Screening lists",
  "screening/matches": "Screening matches",
  "screening/runs": "Screening runs",
} satisfies Record<AdminResource, string>;

/**
 * What an audit-log entry is about (`audit_log.resource`), named as its back-office resource: every
 * one but the dashboard, which changes nothing, and one's own account and two-factor, whose entries
 * are the staff resource's. A value added to enum AuditResource needs its name here.
 */
export const AUDITED_RESOURCE_NAMES = {
  settings: RESOURCE_NAMES.settings,
  locales: RESOURCE_NAMES.locales,
  timezones: RESOURCE_NAMES.timezones,
  countries: RESOURCE_NAMES.countries,
  clients: RESOURCE_NAMES.clients,
  customers: RESOURCE_NAMES.customers,
  staff: RESOURCE_NAMES.staff,
  outbox: RESOURCE_NAMES.outbox,
  webhooks: "Webhook endpoints",
  audit_log: "Audit log",
  retention: RESOURCE_NAMES.retention,
  dispatch: "E-mail and webhook dispatch",
  screening_lists: RESOURCE_NAMES["screening/lists"],
  screening_matches: RESOURCE_NAMES["screening/matches"],
} satisfies Record<AuditResource, string>;
export const AUDITED_RESOURCES = choicesOf(AUDITED_RESOURCE_NAMES);

/**
 * What was done, as the audit log and the dashboard say it (`audit_log.action`), grouped by what it
 * is done to. A value added to enum AuditAction needs its label here.
 */
export const AUDIT_ACTION_LABELS = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  export: "Exported",
  // The outbox.
  resend: "Sent again",
  // API clients.
  revoke: "Revoked",
  rotate_secret: "Rotated the secret",
  // Customers: the compliance actions.
  block: "Blocked",
  unblock: "Unblocked",
  revoke_sessions: "Signed out everywhere",
  resend_verification: "Verification e-mail sent again",
  reset_mfa: "Reset the customer's two-factor",
  // Customers: the KYC review.
  kyc_decision: "KYC decision",
  risk_decision: "Risk rated",
  // Webhook endpoints (with create, update, delete and rotate_secret).
  test: "Sent a test event",
  replay: "Replayed a delivery",
  // Data rights (issue 28): a subject-access export, a legal hold, a retention run.
  export_data: "Exported the customer's data",
  legal_hold: "Legal hold set or lifted",
  remove_passkey: "Removed a passkey",
  retention_run: "Retention run",
  // Dispatch (issue 37): resumed after a restore.
  resume_dispatch: "Resumed e-mail and webhook dispatch",
  // Screening (issue 41): a list's new version.
  import_screening_list: "Imported a screening list",
  // Screening (issue 41): a possible match decided.
  screening_decision: "Decided a screening match",
  lift_sca_lock: "Lifted a payment approval lock",
  // Staff: sign-ins, passwords and two-factor.
  sign_in: "Sign-in",
  sign_out: "Signed out",
  change_password: "Changed their own password",
  reset_password: "Reset the password",
  request_password_reset: "Asked for a reset link",
  reset_password_by_link: "Set a new password by link",
  two_factor_enrolment_started: "Began setting up two-factor",
  two_factor_enabled: "Turned on two-factor",
  two_factor_reset: "Reset two-factor",
  add_passkey: "Added a passkey",
} satisfies Record<AuditAction, string>;
export const AUDIT_ACTIONS = choicesOf(AUDIT_ACTION_LABELS);

/** Who made an audit entry's change (`audit_log.actor`); a staff member is named by their e-mail where it is known. */
export const AUDIT_ACTOR_LABELS = {
  staff: "Staff",
  customer: "Customer",
  schedule: "Daily schedule",
  cli: "Command line",
} satisfies Record<AuditActor, string>;
export const AUDIT_ACTORS = choicesOf(AUDIT_ACTOR_LABELS);

/** How a staff sign-in ended (`audit_log.outcome`). */
export const SIGN_IN_OUTCOMES = choicesOf({
  success: "Signed in",
  wrong_credentials: "Wrong credentials",
  inactive: "Inactive account",
  rate_limited: "Rate-limited",
  wrong_code: "Wrong two-factor code",
} satisfies Record<SignInOutcome, string>);

/** Where a webhook delivery stands (`webhook_deliveries.status`). */
export const WEBHOOK_DELIVERY_STATUSES = choicesOf({
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
} satisfies Record<WebhookDeliveryStatus, string>);

/** How one attempt of a webhook delivery ended (`webhook_attempts.outcome`). */
export const WEBHOOK_ATTEMPT_OUTCOMES = choicesOf({
  success: "Delivered",
  http_error: "Refused (status)",
  timeout: "No answer in time",
  connection_error: "No connection",
  refused_target: "Forbidden address",
  secret_unopenable: "Signing secret cannot be opened",
} satisfies Record<WebhookAttemptOutcome, string>);

/** What started a retention run (`retention_runs.trigger`). */
export const RETENTION_TRIGGER_LABELS = {
  schedule: "Daily schedule",
  command_line: "Command line",
} satisfies Record<RetentionTrigger, string>;
export const RETENTION_TRIGGERS = choicesOf(RETENTION_TRIGGER_LABELS);

/** The profile's fields in the order a form asks for them, with the words people read (the panel, its changes, the audit log). */
export const PROFILE_FIELD_LABELS = {
  given_names: "Given names",
  family_name: "Family name",
  date_of_birth: "Date of birth",
  nationality: "Nationality",
  phone: "Phone",
  address_line1: "Address line 1",
  address_line2: "Address line 2",
  address_city: "City",
  address_region: "Region",
  address_postcode: "Postcode",
  address_country: "Address country",
  country_of_residence: "Country of residence",
} as const satisfies Record<ProfileField, string>;

/** The profile's fields that hold an ISO country code, shown with the country's name. */
export const PROFILE_COUNTRY_FIELDS: readonly ProfileField[] = [
  "nationality",
  "address_country",
  "country_of_residence",
];

/** A possible screening match's state (`screening_matches.status`). */
export const SCREENING_MATCH_STATUSES = [
  { id: "open", name: "Open" },
  { id: "true_match", name: "True match" },
  { id: "false_positive", name: "False positive" },
] satisfies { id: ScreeningMatchStatus; name: string }[];

/** What a listed person is listed for (`screening_entries.topics`). */
export const SCREENING_TOPICS = [
  { id: "sanction", name: "Sanctions" },
  { id: "pep", name: "Politically exposed person" },
] satisfies { id: ScreeningTopic; name: string }[];

/** A list's format, by its name on the wire (`ofac-sdn-csv`), as its publisher names what they ship. */
export const SCREENING_LIST_FORMATS = choicesOf({
  ofac_sdn_csv: "OFAC SDN (SDN.CSV, ALT.CSV, ADD.CSV)",
  un_xml: "UN Security Council consolidated list (XML)",
  opensanctions_ftm: "OpenSanctions (FollowTheMoney JSON lines)",
} satisfies Record<ScreeningListFormat, string>).map(({ id, name }) => ({ id: formatName(id), name }));

/** Where a re-screen after a list change is (`screening_runs.status`). */
export const SCREENING_RUN_STATUSES = choicesOf({
  running: "Running",
  finished: "Done",
  superseded: "Superseded by a newer list version",
} satisfies Record<ScreeningRunStatus, string>);
