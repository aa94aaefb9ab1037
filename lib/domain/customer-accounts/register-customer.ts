/** A new customer's account (POST /client/v1/register), logged in at once and asked to verify its e-mail. */
import { fieldError, invalidInput } from "@/lib/platform/errors/domain-error";
import { checkCountryCode } from "@/lib/domain/reference-data/check-country-code";
import { listCountryCodes } from "@/lib/domain/reference-data/list-country-codes";
import type { AuthenticatedClient } from "@/lib/domain/api-clients/authenticate-api-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { InsertedRow, oneStatement } from "@/lib/platform/db/one-statement";
import { composeEmail } from "@/lib/domain/email/compose-email";
import { emailQueued, outboxInsert } from "@/lib/domain/email/queue-email";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { emailTokenInsert } from "@/lib/domain/tokens/issue-email-token";
import { type SessionTokens, sessionTokensInsert } from "@/lib/domain/tokens/issue-session-tokens";
import { newToken } from "@/lib/domain/tokens/new-token";
import { isUniqueViolation } from "@/lib/platform/db/errors";
import { countAttemptWith } from "@/lib/domain/rate-limits/count-attempt";
import { registerLimit } from "@/lib/domain/rate-limits/limits";
import { refuse } from "@/lib/domain/rate-limits/release-attempt";
import type { Device } from "@/lib/domain/tokens/device";
import { deviceInsert, identifiesDevice } from "./customer-devices";
import { chosenLocale, effectiveLocale } from "./customer-locale";
import { eventInsert } from "./record-customer-event";
import { webhookInsert } from "@/lib/domain/webhooks/queue-webhook";
import { linkWithToken } from "@/lib/platform/validation/link-template";

export type RegisterCustomerOptions = {
  /** Validated, with a link template on one of the client's allowed origins (see link-origin.ts). */
  /** `locale`: "" for the default (customer-locale.ts), else it must be an enabled locale. */
  /** `country`: "" for none, else an upper-case alpha-2 code that must be a source country's. */
  input: { email: string; password: string; email_verification_url: string; locale: string; country: string };
  client: AuthenticatedClient;
  device: Device;
};

/** An address an account uses: refused at registration, and for a change of address (change-customer-email.ts). */
export const emailTaken = () => fieldError("email", "unique", "An account with this e-mail address already exists");

/**
 * Creates the account, its first session (issue-session-tokens.ts) and its e-mail verification token, and queues the
 * verification e-mail and the customer.registered webhooks, all in one statement (so all or nothing), within the per-IP registration
 * limit (registerPerIp; 429 beyond it). The link template is kept with the
 * account, so staff can send a new verification e-mail later (resend-verification-by-staff.ts). Returns the session's tokens. The
 * password must pass checkPasswordStrength first (a common one, or one built on the address, is refused).
 * A `country` given starts the profile as its country_of_residence: a source country, else
 * `country/invalid` or `country/not_source`.
 */
export async function registerCustomer({ input, client, device }: RegisterCustomerOptions): Promise<SessionTokens> {
  checkPasswordStrength(input.password, input.email);
  const locale = input.locale === "" ? null : await chosenLocale(input.locale);
  // Judged against the countries in memory (reference-data/list-country-codes.ts): no query of its own.
  const countryProblem =
    input.country && checkCountryCode(await listCountryCodes(), "country", input.country, { mustBeSource: true });
  if (countryProblem) throw invalidInput([countryProblem]);
  const country = input.country === "" ? null : input.country;
  const event = { type: "register" as const, email: input.email, apiClientId: client.id, device };

  // Counted only once the input is valid: a form refused for its own fields (a weak password, an
  // unknown locale) costs nothing, sends nothing and tells nothing, and correcting it should not use
  // up the allowance. From here every attempt counts, an address already in use included: that
  // answer tells whether the address has an account, so the limit also bounds probing for them.
  // The attempt is counted and the address looked up in one round trip (as login does); the lookup
  // spares an argon2 hash and an e-mail render for the usual duplicate, and the unique index below
  // still decides the race between two registrations arriving together.
  const { attempt, row: existing } = await countAttemptWith<{ id: number }>(
    [registerLimit(device.ip)],
    Prisma.sql`SELECT id FROM customers WHERE email = ${input.email}`,
  );
  if (attempt.limited) await refuse(attempt, [eventInsert({ ...event, outcome: "rate_limited" })]);
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const verification = newToken();
  const email = await composeEmail(
    "verify_email",
    input.email,
    linkWithToken(input.email_verification_url, verification.token),
    await effectiveLocale(locale),
  );

  const now = new Date();
  const customerId = new InsertedRow(
    "new_customer",
    Prisma.sql`
      INSERT INTO customers (email, password_hash, registered_via, source, locale, email_verification_url,
                             country_of_residence, profile_updated_at, created_at, updated_at)
      VALUES (${input.email}, ${passwordHash}, ${client.id}, 'api', ${locale}, ${input.email_verification_url},
              ${country}, ${country === null ? null : now}, ${now}, ${now}) RETURNING id`,
  );
  // A new account's credentials and security are at their first version.
  const session = sessionTokensInsert({ customerId, apiClientId: client.id, device, credentialsVersion: 0 }, now);
  try {
    await db().$executeRaw(
      oneStatement([
        customerId,
        emailTokenInsert(
          { customerId, purpose: "verify_email", tokenHash: verification.tokenHash, securityVersion: 0 },
          now,
        ),
        outboxInsert(email, now).insert,
        eventInsert({ ...event, outcome: "success", customerId }, now),
        // Its device is known from now on: a login from it alerts no one.
        ...(identifiesDevice(device) ? [deviceInsert(customerId, device, now)] : []),
        webhookInsert("customer_registered", { customer_id: customerId, email: input.email }, now),
        session.insert,
      ]),
    );
    emailQueued(email);
    return session.tokens;
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index lets exactly one through.
    if (isUniqueViolation(error, "email")) throw emailTaken();
    throw error;
  }
}
