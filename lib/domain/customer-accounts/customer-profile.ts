/** A customer as `GET /client/v1/me` (and `POST /client/v1/me`) tell an app about them. */
import type { Customer } from "@/lib/generated/prisma/client";
import { effectiveLocale } from "./customer-locale";

export type CustomerProfile = {
  email: string;
  email_verified: boolean;
  created_at: string;
  /** The locale that applies (customer-locale.ts): the chosen one, or the default. */
  locale: string | null;
};

export async function toCustomerProfile(customer: Customer): Promise<CustomerProfile> {
  return {
    email: customer.email,
    email_verified: customer.emailVerifiedAt !== null,
    created_at: customer.createdAt.toISOString(),
    locale: await effectiveLocale(customer.locale),
  };
}
