/**
 * A customer changing their profile (POST /client/v1/me/profile): the fields sent, checked against
 * the reference data and the stored profile, written with the account event and the values before
 * and after, and the webhooks (customer.profile_updated with the names of the fields changed, and
 * customer.kyc_status_changed when a verified identity goes back to review), in one transaction that
 * holds the customer's row (a staff decision takes its turn). A submitted profile whose identity
 * changes is marked due for screening in it.
 */
import parsePhoneNumber from "libphonenumber-js/max";
import type { CountryCode } from "libphonenumber-js/max";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { checkCountryCode } from "@/lib/domain/reference-data/check-country-code";
import { listCountryCodes } from "@/lib/domain/reference-data/list-country-codes";
import type { Device } from "@/lib/domain/tokens/device";
import type { Prisma } from "@/lib/generated/prisma/client";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { db } from "@/lib/platform/db";
import { type FieldError, invalidInput } from "@/lib/platform/errors/domain-error";
import { calendarDate } from "@/lib/platform/validation/fields";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import {
  describeProfile,
  IDENTITY_FIELDS,
  PROFILE_COLUMNS,
  PROFILE_FIELDS,
  type Profile,
  type ProfileChanges,
  type ProfileField,
  type ProfileValues,
  profileValues,
} from "./profile-fields";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type UpdateCustomerProfileOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  /** Each field validated on its own (profileChangesShape); a field left out, or that failed, is undefined. */
  input: ProfileChanges;
  /** The fields that failed their own checks, thrown with those found here: every problem at once. */
  problems: FieldError[];
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Changes the fields sent and answers the profile. Every problem is one field error, all thrown
 * together; a call that changes nothing writes nothing. A verified profile whose identity
 * (IDENTITY_FIELDS) changes goes back to pending_review.
 */
export async function updateCustomerProfile({
  login,
  input,
  problems,
  client,
  device,
}: UpdateCustomerProfileOptions): Promise<Profile> {
  const sent = PROFILE_FIELDS.filter((field) => input[field] !== undefined);
  // Read before the transaction (check-country-code.ts says why).
  const countryCodes = await listCountryCodes();
  return db().$transaction(async (tx) => {
    await lockCustomer(tx, login.customerId);
    const stored = await tx.customer.findUniqueOrThrow({ where: { id: login.customerId } });
    const before = profileValues(stored);
    const after = checkedChanges(input, sent, before, countryCodes, problems);
    const changed = sent.filter((field) => after[field] !== before[field]);
    if (changed.length === 0) return describeProfile(stored);

    const identityChanged = changed.some((field) => IDENTITY_FIELDS.includes(field));
    const kycReset = stored.kycStatus === "verified" && identityChanged;
    // A submitted profile whose identity changed is screened again (lib/domain/screening/), told so by this commit.
    const screen = identityChanged && stored.kycStatus !== "not_submitted";
    const now = new Date();
    const customer = await tx.customer.update({
      where: { id: stored.id },
      data: {
        ...columnsOf(after, changed),
        profileUpdatedAt: now,
        ...(kycReset ? { kycStatus: "pending_review" } : {}),
        ...(screen ? { screeningDueAt: now } : {}),
      },
    });
    await tx.customerProfileChange.create({
      data: {
        customerId: stored.id,
        before: pick(before, changed),
        after: pick(after, changed),
        kycReset,
        createdAt: now,
      },
      select: { id: true },
    });
    const event = {
      outcome: "success",
      email: stored.email,
      customerId: stored.id,
      apiClientId: client.id,
      device,
    } as const;
    await recordEvent(tx, { ...event, type: "profile_updated", changedFields: changed }, now);
    const about = { customer_id: stored.id, email: stored.email };
    // The names of the fields only: their values are personal data, kept from the receivers.
    await queueWebhook(tx, "customer_profile_updated", { ...about, changed_fields: changed }, now);
    if (kycReset) {
      await recordEvent(tx, { ...event, type: "kyc_status_changed" }, now);
      const kyc = { kyc_status: "pending_review", previous_kyc_status: stored.kycStatus };
      await queueWebhook(tx, "customer_kyc_status_changed", { ...about, ...kyc }, now);
    }
    return describeProfile(customer);
  });
}

/**
 * The profile as it would be with the fields sent, checked where a field alone cannot tell: the
 * countries against the reference data, the phone read with the country of residence, the address's
 * country against the country of residence. Throws every problem at once, the fields' own first.
 */
function checkedChanges(
  input: ProfileChanges,
  sent: ProfileField[],
  before: ProfileValues,
  countryCodes: ReadonlyMap<string, boolean>,
  fieldProblems: FieldError[],
) {
  const after: ProfileValues = { ...before };
  for (const field of sent) after[field] = input[field] ?? null;
  const problems = [...fieldProblems];
  const report = (problem: FieldError | undefined) => problem && problems.push(problem);

  for (const field of ["address_country", "nationality"] as const) {
    if (input[field] !== undefined) report(checkCountryCode(countryCodes, field, input[field]));
  }
  if (input.country_of_residence !== undefined) {
    report(checkCountryCode(countryCodes, "country_of_residence", input.country_of_residence, { mustBeSource: true }));
  }
  if (input.phone !== undefined) {
    const phone = inE164(input.phone, after.country_of_residence);
    if (phone === undefined) {
      report({ param: "phone", code: "invalid", message: "Phone must be a valid telephone number" });
    } else after.phone = phone;
  }
  if (input.address_country !== undefined || input.country_of_residence !== undefined) {
    if (after.address_country !== null && after.address_country !== after.country_of_residence) {
      report({
        param: input.address_country !== undefined ? "address_country" : "country_of_residence",
        code: "mismatch",
        message: "The address must be in the country of residence: address_country and country_of_residence must agree",
      });
    }
  }
  if (problems.length > 0) throw invalidInput(problems);
  return after;
}

/** `text` as an E.164 number: in international form, or national form of `country`; undefined when not a valid number. */
function inE164(text: string, country: string | null): string | undefined {
  const number = parsePhoneNumber(text, country ? { defaultCountry: country as CountryCode } : undefined);
  return number?.isValid() ? number.number : undefined;
}

const pick = (values: ProfileValues, fields: ProfileField[]) =>
  Object.fromEntries(fields.map((field) => [field, values[field]]));

/** The columns of `fields`, with their new values (a date at UTC midnight). */
function columnsOf(values: ProfileValues, fields: ProfileField[]): Prisma.CustomerUpdateInput {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field];
      return [PROFILE_COLUMNS[field], field === "date_of_birth" && value !== null ? calendarDate(value) : value];
    }),
  );
}
