/**
 * A subject-access export (issue 28): the document of customer-data-export.ts for one customer, read
 * from every table that holds something about them, and recorded as an account event
 * (`data_exported`) and an audit entry (`export_data`) in one transaction before it is handed over.
 * The customer may ask once an hour (rate limit dataExportPerAccount); compliance, any time, with a reason.
 */
import type { Customer } from "@/lib/generated/prisma/client";
import type { CustomerEventType } from "@/lib/generated/prisma/enums";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { auditedChange } from "@/lib/domain/audit/audited-change";
import { sealPersonalValue } from "@/lib/domain/audit/seal-personal-value";
import { CUSTOMER } from "@/lib/domain/audit/record-audit";
import { check, dataExportLimit } from "@/lib/domain/rate-limits/limits";
import { refuse, release } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { liveLoginTokensOf } from "@/lib/domain/tokens/live-login-token";
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { log } from "@/lib/platform/runtime/log";
import type { ComplianceActionInput } from "@/lib/domain/customer-compliance/compliance-action";
import type { CustomerDataExport } from "./customer-data-export";
import { customerStatus } from "@/lib/domain/customer-profiles/customer-record";
import { customerOutboxWhere } from "./customer-outbox";
import { describeProfile } from "@/lib/domain/customer-profiles/profile-fields";
import { eventInsert, recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";
import { listPasskeys } from "@/lib/domain/passkeys/list-passkeys";
import {
  customerAuthorisationRows,
  toStaffAuthorisationRecord,
} from "@/lib/domain/payment-authorisations/list-payment-authorisations";

/** Who asks: the customer through an app (rate limited), or a staff member with a reason. */
export type ExportRequester =
  | { by: "customer"; client: AuthenticatedClient; device: Device }
  | ({ by: "staff"; staffId: number } & ComplianceActionInput);

/**
 * Events the customer is not told of: a risk assessment would tip them off about a suspicion
 * (Proceeds of Crime Act 2002, s. 333A), and its outcome is compliance's internal record.
 */
const INTERNAL_EVENTS: CustomerEventType[] = ["risk_rating_changed", "legal_hold_set", "legal_hold_lifted"];

const OLDEST_FIRST = [{ createdAt: "asc" }, { id: "asc" }] as const;

/** The export of customer `customerId` for `requester`: 404 when there is none, 429 when the customer asked within the hour. */
export async function exportCustomerData(
  customerId: Customer["id"],
  requester: ExportRequester,
): Promise<CustomerDataExport> {
  const customer = await db().customer.findUnique({ where: { id: customerId } });
  if (!customer) throw notFound("No such customer");
  const email = customer.closedEmail ?? customer.email;
  const event = {
    type: "data_exported" as const,
    email,
    customerId,
    ...(requester.by === "customer" ? { apiClientId: requester.client.id, device: requester.device } : {}),
  };

  const attempt = requester.by === "customer" ? await check([dataExportLimit(customerId)]) : undefined;
  if (attempt?.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);
  try {
    const document = await readCustomerData(customer, new Date());
    await auditedChange(requester.by === "staff" ? { staffId: requester.staffId } : CUSTOMER, [], async (tx) => {
      await recordEvent(tx, { ...event, outcome: "success" });
      return {
        result: undefined,
        audit: {
          action: "export_data",
          resource: "customers",
          resourceId: customerId,
          // Ids and facts; staff's reason sealed under the customer's audit key (it may name them).
          after:
            requester.by === "customer"
              ? { by: "customer", api_client_id: requester.client.id }
              : { by: "staff", reason: await sealPersonalValue(tx, customerId, requester.reason) },
        },
      };
    });
    return document;
  } catch (error) {
    // An export that failed does not use up the customer's hour.
    if (attempt) await release(attempt).catch((err) => log().error({ err }, "could not give an export's hit back"));
    throw error;
  }
}

async function readCustomerData(customer: Customer, now: Date): Promise<CustomerDataExport> {
  const customerId = customer.id;
  const [
    registeredVia,
    sessions,
    live,
    devices,
    profileChanges,
    events,
    emailLinks,
    mfaTokens,
    passkeys,
    deliveries,
    payments,
  ] = await Promise.all([
    customer.registeredVia === null
      ? null
      : db().apiClient.findUnique({ where: { id: customer.registeredVia }, select: { name: true } }),
    db().loginToken.findMany({
      where: { customerId },
      orderBy: [...OLDEST_FIRST],
      select: {
        id: true,
        createdAt: true,
        lastUsedAt: true,
        refreshedAt: true,
        revokedAt: true,
        ip: true,
        userAgent: true,
        fingerprint: true,
        apiClient: { select: { name: true } },
      },
    }),
    db().loginToken.findMany({ where: liveLoginTokensOf(customer, now), select: { id: true } }),
    db().customerDevice.findMany({ where: { customerId }, orderBy: { firstSeenAt: "asc" } }),
    db().customerProfileChange.findMany({ where: { customerId }, orderBy: [...OLDEST_FIRST] }),
    db().customerEvent.findMany({
      where: { customerId, type: { notIn: INTERNAL_EVENTS } },
      orderBy: [...OLDEST_FIRST],
    }),
    db().emailToken.findMany({ where: { customerId }, orderBy: [...OLDEST_FIRST] }),
    db().customerMfaToken.findMany({ where: { customerId }, orderBy: [...OLDEST_FIRST] }),
    listPasskeys(customerId),
    db().webhookDelivery.findMany({
      where: { customerId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: { endpoint: { select: { apiClient: { select: { name: true } } } } },
    }),
    customerAuthorisationRows(customerId, true),
  ]);
  const liveIds = new Set(live.map((session) => session.id));
  const clientNames = await apiClientNames([...events, ...mfaTokens].map((row) => row.apiClientId));
  const clientName = (id: number | null) => (id === null ? null : (clientNames.get(id) ?? null));

  return {
    exported_at: now.toISOString(),
    account: {
      id: customerId,
      email: customer.closedEmail ?? customer.email,
      status: customerStatus(customer),
      source: customer.source,
      registered_via: registeredVia?.name ?? null,
      created_at: customer.createdAt.toISOString(),
      updated_at: customer.updatedAt.toISOString(),
      email_verified: customer.emailVerifiedAt !== null,
      email_verified_at: iso(customer.emailVerifiedAt),
      locale: customer.locale,
      two_factor: { enabled: customer.totpEnabledAt !== null, since: iso(customer.totpEnabledAt) },
      blocked_at: iso(customer.blockedAt),
      closed_at: iso(customer.closedAt),
    },
    profile: describeProfile(customer),
    profile_changes: profileChanges.map((change) => ({
      created_at: change.createdAt.toISOString(),
      before: change.before as Record<string, unknown>,
      after: change.after as Record<string, unknown>,
      kyc_reset: change.kycReset,
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      last_refreshed_at: iso(session.refreshedAt),
      ended_at: iso(session.revokedAt),
      live: liveIds.has(session.id),
      ip: session.ip,
      user_agent: session.userAgent,
      fingerprint: session.fingerprint,
      client_name: session.apiClient?.name ?? null,
    })),
    devices: devices.map((device) => ({
      fingerprint: device.fingerprint,
      first_seen_at: device.firstSeenAt.toISOString(),
    })),
    events: events.map((event) => ({
      type: event.type,
      outcome: event.outcome,
      created_at: event.createdAt.toISOString(),
      email: event.email,
      ip: event.ip,
      user_agent: event.userAgent,
      fingerprint: event.fingerprint,
      changed_fields: event.changedFields,
      client_name: clientName(event.apiClientId),
    })),
    emails: (
      await db().emailOutbox.findMany({
        where: await customerOutboxWhere(db(), customer),
        orderBy: [...OLDEST_FIRST],
        select: { template: true, toAddress: true, status: true, createdAt: true, sentAt: true },
      })
    ).map((email) => ({
      template: email.template,
      to_address: email.toAddress,
      status: email.status,
      created_at: email.createdAt.toISOString(),
      sent_at: iso(email.sentAt),
    })),
    email_links: emailLinks.map((link) => ({
      purpose: link.purpose,
      created_at: link.createdAt.toISOString(),
      expires_at: link.expiresAt.toISOString(),
      used_at: iso(link.usedAt),
      revoked_at: iso(link.revokedAt),
      new_email: link.newEmail,
    })),
    second_factor_logins: mfaTokens.map((token) => ({
      created_at: token.createdAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      used_at: iso(token.usedAt),
      attempts: token.attempts,
      client_name: clientName(token.apiClientId),
    })),
    passkeys,
    webhook_deliveries: deliveries.map((delivery) => ({
      event: delivery.event,
      data: delivery.data as Record<string, unknown>,
      status: delivery.status,
      created_at: delivery.createdAt.toISOString(),
      delivered_at: iso(delivery.deliveredAt),
      recipient: delivery.endpoint.apiClient.name,
    })),
    payment_authorisations: payments.map((row) => toStaffAuthorisationRecord(row, now)),
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function apiClientNames(ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return new Map();
  const clients = await db().apiClient.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(clients.map((client) => [client.id, client.name]));
}
