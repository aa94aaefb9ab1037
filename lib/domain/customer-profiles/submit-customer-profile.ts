/**
 * A customer submitting their profile for review (POST /client/v1/me/profile/submit), under the
 * customer's row lock: two submits at once, or a submit beside a profile change or a staff decision,
 * take turns, so a submit records exactly one `profile_submitted` event and one
 * customer.kyc_status_changed webhook. The submit marks the customer due for screening.
 */
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { checkCountryCode } from "@/lib/domain/reference-data/check-country-code";
import { listCountryCodes } from "@/lib/domain/reference-data/list-country-codes";
import type { Device } from "@/lib/domain/tokens/device";
import { queueWebhook } from "@/lib/domain/webhooks/queue-webhook";
import { db } from "@/lib/platform/db";
import { type FieldError, fieldError, invalidInput } from "@/lib/platform/errors/domain-error";
import type { CustomerLogin } from "@/lib/domain/customer-accounts/authenticate-customer";
import { lockCustomer } from "@/lib/domain/customer-accounts/lock-customer";
import { missingProfileFields } from "./customer-record";
import { describeProfile, type Profile, profileValues } from "./profile-fields";
import { recordEvent } from "@/lib/domain/customer-accounts/record-customer-event";

export type SubmitCustomerProfileOptions = {
  /** The customer's login token of the call, live (`authenticateCustomer`). */
  login: CustomerLogin;
  client: AuthenticatedClient;
  device: Device;
};

/**
 * Puts a complete profile (every field but address_line2 and address_region) in review:
 * kyc_status pending_review. Missing fields are one `required` error each; a country of residence
 * that is no longer a source country is `not_source`. Already pending_review: answered as it is,
 * nothing recorded (a retry is harmless). Verified: `kyc_status/already_verified` (a change of
 * identity reopens the review by itself). Rejected: submitted again.
 */
export async function submitCustomerProfile({ login, client, device }: SubmitCustomerProfileOptions): Promise<Profile> {
  // Read before the transaction (check-country-code.ts says why).
  const countryCodes = await listCountryCodes();
  return db().$transaction(async (tx) => {
    await lockCustomer(tx, login.customerId);
    const stored = await tx.customer.findUniqueOrThrow({ where: { id: login.customerId } });
    if (stored.kycStatus === "pending_review") return describeProfile(stored);
    if (stored.kycStatus === "verified") {
      throw fieldError("kyc_status", "already_verified", "The profile is already verified");
    }
    const values = profileValues(stored);
    const problems: FieldError[] = missingProfileFields(values).map((field) => ({
      param: field,
      code: "required",
      message: `${field} is required before the profile can be submitted`,
    }));
    const residence = values.country_of_residence;
    const notSource =
      residence && checkCountryCode(countryCodes, "country_of_residence", residence, { mustBeSource: true });
    if (notSource) problems.push(notSource);
    if (problems.length > 0) throw invalidInput(problems);

    // A decision taken on the review before the submit is refused (kyc-review.ts). The screening
    // worker screens the customer against the lists (lib/domain/screening/), told so by the same commit.
    const customer = await tx.customer.update({
      where: { id: stored.id },
      data: { kycStatus: "pending_review", reviewVersion: { increment: 1 }, screeningDueAt: new Date() },
    });
    await recordEvent(tx, {
      type: "profile_submitted",
      outcome: "success",
      email: stored.email,
      customerId: stored.id,
      apiClientId: client.id,
      device,
    });
    await queueWebhook(tx, "customer_kyc_status_changed", {
      customer_id: stored.id,
      email: stored.email,
      kyc_status: customer.kycStatus,
      previous_kyc_status: stored.kycStatus,
    });
    return describeProfile(customer);
  });
}
