/**
 * A customer who has submitted a profile, and so is screened as they submit and again at every list
 * change: registered through the public API with an API client of its own, which `admin` (a page
 * signed in as an admin) creates. The screening specs' customers.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./support";

export async function submittedCustomer(
  admin: Page,
  request: APIRequestContext,
  customer: { email: string; given_names: string; family_name: string; date_of_birth: string },
) {
  const created = await admin.request.post("/api/admin/clients", {
    data: { name: `Screening app for ${customer.email}`, allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const client = await created.json();
  const headers = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  const registered = await request.post("/client/v1/register", {
    headers,
    form: {
      email: customer.email,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  const auth = { ...headers, Authorization: `Bearer ${(await registered.json()).token}` };
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
