/**
 * The subject-access export (issue 28): everything the service holds about one customer, as the
 * customer (GET /client/v1/me/export) and compliance (GET /api/admin/customers/{id}/export) get it.
 * The zod schema is the one description of the document: the API reference is drawn from it and the
 * type below is inferred from it. Never a secret or a hash (password, tokens, TOTP secret, recovery
 * codes) nor a passkey's key material or credential id, never the review's internals (reasons, risk rating, PEP and sanctions flags, legal hold):
 * docs/api.md, "Your data", says what is left out and why.
 */
import { z } from "zod";
import {
  CustomerEventType,
  CustomerSource,
  EmailTemplate,
  PasskeyDeviceType,
  EventOutcome,
  OutboxStatus,
  TokenPurpose,
  WebhookDeliveryStatus,
  WebhookEventType,
  PaymentAuthorisationStatus,
  ScaMethod,
} from "@/lib/generated/prisma/enums";
import { CustomerStatus } from "@/lib/domain/customer-profiles/customer-record";
import { profileSchema } from "@/lib/domain/customer-profiles/profile-fields";

const time = (description: string) => z.iso.datetime().describe(`${description}, ISO 8601, UTC`);
const timeOrNull = (description: string) => z.iso.datetime().nullable().describe(`${description}, ISO 8601, UTC`);
const clientName = z
  .string()
  .nullable()
  .describe("The name of the API client (app) it went through; null when none or when that client is gone");

const accountSchema = z.object({
  id: z.number().int().describe("The account's id"),
  email: z.string().describe("The account's e-mail address; for a closed account, the address it had"),
  status: z.enum(CustomerStatus).describe("active, blocked (by customer support) or closed (by the customer)"),
  source: z.enum(CustomerSource).describe("api: registered through an app; import: moved from the previous system"),
  registered_via: clientName,
  created_at: time("When the account was made"),
  updated_at: time("When the account's record last changed"),
  email_verified: z.boolean(),
  email_verified_at: timeOrNull("When the address was verified; null while not"),
  locale: z.string().nullable().describe("The locale the customer chose; null: the default"),
  two_factor: z.object({
    enabled: z.boolean(),
    since: timeOrNull("When two-factor was turned on; null while off"),
  }),
  blocked_at: timeOrNull("When customer support blocked the account; null while not blocked"),
  closed_at: timeOrNull("When the customer closed the account; null while open"),
});

const profileChangeSchema = z.object({
  created_at: time("When the customer changed the profile"),
  before: z.record(z.string(), z.unknown()).describe("The changed fields' values before, by their API names"),
  after: z.record(z.string(), z.unknown()).describe("The changed fields' values after"),
  kyc_reset: z.boolean().describe("Whether the change put a verified profile back to review"),
});

const sessionSchema = z.object({
  id: z.number().int().describe("The session's id (GET /client/v1/sessions)"),
  created_at: time("When the customer logged in (or registered)"),
  last_used_at: time("When its token was last used, to the minute"),
  last_refreshed_at: timeOrNull("When its tokens were last refreshed; null if never"),
  ended_at: timeOrNull("When it was signed out or revoked; null if it never was (see live)"),
  live: z.boolean().describe("Whether the session still works: not ended, and its token or refresh token still valid"),
  ip: z.string().describe('The IP address it was issued to, or "unknown"'),
  user_agent: z.string(),
  fingerprint: z.string(),
  client_name: clientName,
});

const deviceSchema = z.object({
  fingerprint: z.string().describe("The device fingerprint (X-Client-Fingerprint) an app reported"),
  first_seen_at: time("When the account was first used from it"),
});

const eventSchema = z.object({
  type: z.enum(CustomerEventType),
  outcome: z.enum(EventOutcome),
  created_at: time("When it happened"),
  email: z.string().describe("The address it concerns (for an e-mail change, the address asked for)"),
  ip: z.string().describe("Empty when no device reported it (an action of customer support)"),
  user_agent: z.string(),
  fingerprint: z.string(),
  changed_fields: z.array(z.string()).describe("profile_updated: the names of the fields it changed"),
  client_name: clientName,
});

const emailSchema = z.object({
  template: z.enum(EmailTemplate).describe("Which e-mail it was"),
  to_address: z.string(),
  status: z.enum(OutboxStatus).describe("pending (waiting or retried), sent or failed"),
  created_at: time("When it was written"),
  sent_at: timeOrNull("When it was handed to the mail provider; null while not"),
});

const emailLinkSchema = z.object({
  purpose: z.enum(TokenPurpose),
  created_at: time("When the link was made"),
  expires_at: time("When it stops working"),
  used_at: timeOrNull("When it was used; null if never"),
  revoked_at: timeOrNull("When it was revoked (a newer link, a security event); null if never"),
  new_email: z.string().nullable().describe("change_email: the address asked for; null for the other purposes"),
});

const secondFactorLoginSchema = z.object({
  created_at: time("When the password was accepted and the code asked for"),
  expires_at: time("When the wait for the code ended"),
  used_at: timeOrNull("When a right code finished the login; null if none did"),
  attempts: z.number().int().describe("Codes tried"),
  client_name: clientName,
});

const passkeySchema = z.object({
  id: z.number().int().describe("The passkey's id (GET /client/v1/me/passkeys)"),
  name: z.string().describe("The name the customer gave it"),
  created_at: time("When it was added"),
  last_used_at: timeOrNull("When it last signed in; null if never"),
  backed_up: z.boolean().describe("Whether the authenticator said it is backed up (synced)"),
  device_type: z.enum(PasskeyDeviceType).describe("Bound to one device, or synced between the customer's devices"),
  transports: z.array(z.string()).describe("How the authenticator said it can be reached (internal, hybrid, usb…)"),
});

const webhookDeliverySchema = z.object({
  event: z.enum(WebhookEventType).describe("The event, e.g. customer_registered (customer.registered on the wire)"),
  data: z.record(z.string(), z.unknown()).describe("What was sent about the customer"),
  status: z.enum(WebhookDeliveryStatus),
  created_at: time("When it was queued"),
  delivered_at: timeOrNull("When the receiver took it; null while not"),
  recipient: clientName.describe("The API client whose backend it was sent to"),
});

const paymentAuthorisationSchema = z.object({
  id: z.string().describe("The authorisation's id (GET /client/v1/authorisations/{id}), its approval's jti"),
  status: z.enum(PaymentAuthorisationStatus),
  amount: z.string(),
  currency: z.string(),
  payee_name: z.string(),
  payee_iban_masked: z.string().describe("The payee's IBAN, its last four characters"),
  reference: z.string().nullable(),
  method: z.enum(ScaMethod).nullable().describe("How it was approved; null if it was not"),
  failed_attempts: z.number().int().describe("Wrong assertions or codes sent for it"),
  created_at: time("When it was asked for"),
  expires_at: time("Until when it could be approved"),
  decided_at: timeOrNull("When it was approved or failed; null otherwise"),
});

export const customerDataExportSchema = z
  .object({
    exported_at: time("When this export was made"),
    account: accountSchema,
    profile: profileSchema,
    profile_changes: z
      .array(profileChangeSchema)
      .describe("Every change the customer made to the profile, oldest first"),
    sessions: z.array(sessionSchema).describe("Every session, live or ended, oldest first; never a token or its hash"),
    devices: z.array(deviceSchema).describe("The devices the account was used from, oldest first"),
    events: z
      .array(eventSchema)
      .describe("The account's events (registration, logins, resets, changes, support's actions), oldest first"),
    emails: z
      .array(emailSchema)
      .describe(
        "The e-mails sent (or waiting to be sent) to the customer's addresses, oldest first; never a body, link or token",
      ),
    email_links: z
      .array(emailLinkSchema)
      .describe(
        "The single-use links e-mailed to the customer (verification, reset, e-mail change), oldest first; never the token",
      ),
    second_factor_logins: z
      .array(secondFactorLoginSchema)
      .describe("Logins that waited for a two-factor code, oldest first; never the token"),
    passkeys: z
      .array(passkeySchema)
      .describe("The account's passkeys, oldest first; never a credential id or a public key"),
    webhook_deliveries: z
      .array(webhookDeliverySchema)
      .describe("What was sent about the customer to the backends of the business's apps, oldest first"),
    payment_authorisations: z
      .array(paymentAuthorisationSchema)
      .describe("The payments the customer was asked to approve, oldest first"),
  })
  .meta({
    id: "CustomerDataExport",
    description:
      "Everything the service holds about the customer. Never a password, token, hash, TOTP secret or recovery code; " +
      "never customer support's internal review (reasons, risk rating, PEP and sanctions flags, legal hold).",
  });

export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;
