/**
 * One closed account's personal data pseudonymised, in one transaction (all of it or none): what
 * stays is its id, its dates and the fact of what happened (event types and outcomes, KYC decisions'
 * kinds and results), so counts and audits still add up. The audit log itself is not rewritten
 * (docs/security.md, "Data retention", says why): the account's audit key is destroyed instead, so
 * the personal values sealed under it in its entries read as erased (crypto-shredding).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { PROFILE_COLUMNS, PROFILE_FIELDS } from "@/lib/domain/customer-profiles/profile-fields";
import { closedEmailTombstone } from "@/lib/domain/customer-data-rights/close-customer-account";
import { customerOutboxWhere } from "@/lib/domain/customer-data-rights/customer-outbox";
import { shredPersonalValues } from "@/lib/domain/audit/shred-personal-values";
import { dueAccounts } from "./retention-scope";

/** No password hashes to this: neither argon2id nor bcrypt, so every check of it fails. */
export const UNUSABLE_PASSWORD_HASH = "pseudonymised";

/** A login token's address once pseudonymised: the column's "unknown" (schema.prisma). */
const NO_ADDRESS = "unknown";

/** Webhook payload keys that hold an address, a browser or an e-mail address. */
const PAYLOAD_ADDRESSES = ["email", "previous_email"];
const PAYLOAD_DEVICE = ["ip", "user_agent", "fingerprint"];

/**
 * Pseudonymises `customerId` if it is still due at `cutoff` (closed before it, not yet done, no legal
 * hold): the first write claims the row, so a concurrent run or a hold set meanwhile leaves it alone.
 * True when this call did it.
 */
export async function pseudonymiseCustomer(customerId: number, cutoff: Date, now: Date): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const claimed = await tx.customer.updateMany({
      where: { id: customerId, ...dueAccounts(cutoff) },
      data: { pseudonymisedAt: now },
    });
    if (claimed.count !== 1) return false;
    // The e-mails that were this account's, found before its addresses go (customer-outbox.ts).
    const customer = await tx.customer.findUniqueOrThrow({ where: { id: customerId } });
    const itsEmails = await customerOutboxWhere(tx, customer);
    const pseudonym = closedEmailTombstone(customerId);

    const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [PROFILE_COLUMNS[field], null]));
    await tx.customer.update({
      where: { id: customerId },
      data: {
        ...profile,
        email: pseudonym,
        closedEmail: null,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        locale: null,
        emailVerificationUrl: null,
        totpSecretEncrypted: null,
        totpPendingSecretEncrypted: null,
        totpLastStep: null,
      },
    });
    await tx.customerEvent.updateMany({
      where: { customerId },
      data: { email: pseudonym, ip: "", userAgent: "", fingerprint: "" },
    });
    await tx.loginToken.updateMany({
      where: { customerId },
      data: { ip: NO_ADDRESS, userAgent: "", fingerprint: "" },
    });
    await tx.spentRefreshToken.updateMany({
      where: { loginToken: { customerId } },
      data: { successor: null, successorExpiresAt: null },
    });
    await tx.emailToken.updateMany({ where: { customerId, newEmail: { not: null } }, data: { newEmail: null } });
    await tx.customerRecoveryCode.deleteMany({ where: { customerId } });
    // Payment authorisations keep amount, currency, status and times; the payee and reference go.
    await tx.paymentAuthorisation.updateMany({
      where: { customerId },
      data: { payeeName: "", payeeIban: "", reference: null },
    });
    await pseudonymiseDevices(tx, customerId);
    await pseudonymiseProfileChanges(tx, customerId);
    await tx.kycDecision.updateMany({ where: { customerId }, data: { reason: "" } });
    await tx.emailOutbox.updateMany({
      where: itsEmails,
      data: { toAddress: pseudonym, html: null, text: null, tokenBox: null, lastError: null },
    });
    await pseudonymiseWebhookPayloads(tx, customerId, pseudonym);
    await pseudonymiseScreeningMatches(tx, customerId, pseudonym);
    await shredPersonalValues(tx, customerId, now);
    return true;
  });
}

/**
 * Screening's possible matches stay, for the audit (the entry, the list and its version, the score,
 * the decision; the reason is sealed, so shredded with the key), under the account's pseudonym: the
 * name as compared goes, and so does the hash of the identity (names, birth date, nationality),
 * which a guess at them could be checked against. Each its own stand-in, as the hash is part of a
 * unique key.
 */
async function pseudonymiseScreeningMatches(tx: Prisma.TransactionClient, customerId: number, pseudonym: string) {
  const matches = await tx.screeningMatch.findMany({ where: { customerId }, select: { id: true } });
  for (const { id } of matches) {
    await tx.screeningMatch.update({
      where: { id },
      data: { customerName: pseudonym, identityHash: `pseudonymised:${id}` },
      select: { id: true },
    });
  }
}

/** A device is known by its fingerprint (part of its key): each takes a stand-in, its first sighting kept. */
async function pseudonymiseDevices(tx: Prisma.TransactionClient, customerId: number) {
  const devices = await tx.customerDevice.findMany({ where: { customerId }, orderBy: { firstSeenAt: "asc" } });
  if (devices.length === 0) return;
  await tx.customerDevice.deleteMany({ where: { customerId } });
  await tx.customerDevice.createMany({
    data: devices.map((device, index) => ({
      customerId,
      fingerprint: `pseudonymised:${index + 1}`,
      firstSeenAt: device.firstSeenAt,
    })),
  });
}

/** Which fields changed, and when, stay; their values go. */
async function pseudonymiseProfileChanges(tx: Prisma.TransactionClient, customerId: number) {
  const changes = await tx.customerProfileChange.findMany({ where: { customerId } });
  const cleared = (values: Prisma.JsonValue) =>
    values && typeof values === "object" && !Array.isArray(values)
      ? Object.fromEntries(Object.keys(values).map((key) => [key, null]))
      : {};
  for (const change of changes) {
    await tx.customerProfileChange.update({
      where: { id: change.id },
      data: { before: cleared(change.before), after: cleared(change.after) },
    });
  }
}

/** The deliveries about the account keep their event and shape; its addresses, browser and device go. */
async function pseudonymiseWebhookPayloads(tx: Prisma.TransactionClient, customerId: number, pseudonym: string) {
  const deliveries = await tx.webhookDelivery.findMany({
    where: { customerId },
    select: { id: true, data: true },
  });
  for (const { id, data } of deliveries) {
    if (!data || typeof data !== "object" || Array.isArray(data)) continue;
    const rewritten = Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        PAYLOAD_ADDRESSES.includes(key) ? pseudonym : PAYLOAD_DEVICE.includes(key) ? "" : value,
      ]),
    );
    await tx.webhookDelivery.update({ where: { id }, data: { data: rewritten } });
  }
}
