/**
 * Customers made through the public API for the back office's specs: registered with an API client
 * of their own, which `admin` (a page signed in as an admin) creates; and one who has submitted a
 * profile, and so is screened as they submit and again at every list change (the screening specs').
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./support";

const PASSWORD = "customer password 1";

/** A new customer with `email` (and PASSWORD unless given): their client's headers, and those with their token. */
export async function registeredCustomer(
  admin: Page,
  request: APIRequestContext,
  customer: { email: string; password?: string },
): Promise<{ headers: Record<string, string>; auth: Record<string, string> }> {
  const created = await admin.request.post("/api/admin/clients", {
    data: { name: `App for ${customer.email}`, allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const client = await created.json();
  const headers = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  const password = customer.password ?? PASSWORD;
  const registered = await request.post("/client/v1/register", {
    headers,
    form: {
      email: customer.email,
      password,
      confirm_password: password,
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  return { headers, auth: { ...headers, Authorization: `Bearer ${(await registered.json()).token}` } };
}

export async function submittedCustomer(
  admin: Page,
  request: APIRequestContext,
  customer: { email: string; given_names: string; family_name: string; date_of_birth: string },
) {
  const { auth } = await registeredCustomer(admin, request, customer);
  const profile = await request.post("/client/v1/me/profile", {
    headers: auth,
    data: {
      given_names: customer.given_names,
      family_name: customer.family_name,
      date_of_birth: customer.date_of_birth,
      phone: "+447911123456",
      address_line1: "1 High Street",
      address_city: "London",
      address_postcode: "SW1A 1AA",
      address_country: "GB",
      country_of_residence: "GB",
      nationality: "GB",
    },
  });
  expect(profile.status()).toBe(200);
  expect((await request.post("/client/v1/me/profile/submit", { headers: auth })).status()).toBe(200);
}
