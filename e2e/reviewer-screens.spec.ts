import type { APIRequestContext } from "@playwright/test";
import { expect, screenshot, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The screens a reviewer works in (issue 37), at 1440 px: the customers list with the columns a
 * reviewer sorts by (name, residence by name, KYC status, risk, PEP), each cell on one line, and the
 * residence filter as a country picker; the customer's page with countries by name, the decisions'
 * values in the events and the History aside, "never changed" for a profile never given, and a
 * warning before verifying a customer whose e-mail address is unverified; a customer who submitted
 * and then closed the account leaves the review queue, the page saying why.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1440, height: 900 } });

const REVIEWER = { email: "rita.screens@example.com", password: "", name: "Rita Screens" };
const WITH_PROFILE = { email: "ana.reviewed@example.org", id: 0 };
const WITHOUT_PROFILE = { email: "bo.noprofile@example.org", id: 0 };
const CLOSED_IN_REVIEW = { email: "cy.closed@example.org", id: 0 };
const PASSWORD = "customer password 1";

async function registerCustomer(request: APIRequestContext, headers: Record<string, string>, email: string) {
  const registered = await request.post("/client/v1/register", {
    headers,
    form: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()).token as string;
}

const PROFILE = {
  given_names: "Ana Sofia",
  family_name: "Abbott-Reviewer",
  date_of_birth: "1988-03-02",
  phone: "+44 7911 123456",
  address_line1: "1 Long Acre, Covent Garden",
  address_city: "London",
  address_postcode: "WC2E 9LH",
  address_country: "GB",
  country_of_residence: "GB",
  nationality: "PT",
};

/** A customer whose complete profile awaits review; the bearer headers of their session. */
async function submittedCustomer(request: APIRequestContext, headers: Record<string, string>, email: string) {
  const bearer = { ...headers, Authorization: `Bearer ${await registerCustomer(request, headers, email)}` };
  expect((await request.post("/client/v1/me/profile", { headers: bearer, data: PROFILE })).status()).toBe(200);
  expect((await request.post("/client/v1/me/profile/submit", { headers: bearer })).status()).toBe(200);
  return bearer;
}

test("the admin sets up a reviewer and three customers: a profile in review, none, and one closed in review", async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ADMIN);
  const member = await page.request.post("/api/admin/staff", {
    data: { email: REVIEWER.email, name: REVIEWER.name, role: "compliance" },
  });
  expect(member.status()).toBe(201);
  REVIEWER.password = (await member.json()).password;
  const created = await page.request.post("/api/admin/clients", {
    data: { name: "Review app", allowed_origins: ["https://app.example.com"] },
  });
  const client = await created.json();
  const headers = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };

  await submittedCustomer(request, headers, WITH_PROFILE.email);
  const closing = await submittedCustomer(request, headers, CLOSED_IN_REVIEW.email);
  const closed = await request.post("/client/v1/close-account", { headers: closing, form: { password: PASSWORD } });
  expect(closed.status()).toBe(200);
  await registerCustomer(request, headers, WITHOUT_PROFILE.email);

  for (const customer of [WITH_PROFILE, WITHOUT_PROFILE, CLOSED_IN_REVIEW]) {
    const found = await page.request.get(
      `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: customer.email }) })}`,
    );
    customer.id = (await found.json())[0].id;
  }
});

test("the customers list shows name, residence, KYC status, risk and PEP, and filters by a country picked by name", async ({
  page,
}) => {
  await signIn(page, REVIEWER);
  await page.goto("/admin#/customers");
  // In view at 1440 px without scrolling; a sortable column's header is named for its sort ("Sort by name ascending").
  for (const heading of ["Name", "E-mail", "Residence", "KYC status", "Risk", "PEP"]) {
    await expect(page.getByRole("columnheader", { name: heading })).toBeInViewport();
  }
  const row = page.getByRole("row").filter({ hasText: WITH_PROFILE.email });
  await expect(row).toContainText("Abbott-Reviewer, Ana Sofia");
  await expect(row).toContainText("United Kingdom (GB)");
  await expect(row).toContainText("Pending review");
  // One line a cell: no row is a line taller than the shortest (a wrapped cell adds some 20 px).
  const heights = await page
    .locator(".RaDatagrid-row")
    .evaluateAll((rows) => rows.map((element) => element.getBoundingClientRect().height));
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(10);

  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Country of residence" }).click();
  await page.getByLabel("Country of residence").fill("United King");
  await page.getByRole("option", { name: "United Kingdom (GB)" }).click();
  await expect(page).toHaveURL(/country_of_residence.*GB/);
  await expect(page.getByRole("row").filter({ hasText: WITH_PROFILE.email })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: WITHOUT_PROFILE.email })).toHaveCount(0);
  await screenshot(page, "customers-list-reviewer-columns");
});

test("the customer's page names countries, shows decisions' values and warns before verifying an unverified address", async ({
  page,
}) => {
  await signIn(page, REVIEWER);
  await page.goto(`/admin#/customers/${WITH_PROFILE.id}/show`);
  const profile = page.getByTestId("customer-profile");
  await expect(profile).toContainText("Portugal (PT)");
  await expect(profile).toContainText("United Kingdom (GB)");

  await page.getByRole("button", { name: "Decide KYC", exact: true }).click();
  const kyc = page.getByRole("dialog", { name: "Decide KYC" });
  await expect(kyc.getByTestId("unverified-email-warning")).toContainText("has not verified their e-mail address");
  await kyc.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Rate risk", exact: true }).click();
  const risk = page.getByRole("dialog", { name: "Rate risk" });
  await risk.getByRole("combobox", { name: "Risk rating" }).click();
  await page.getByRole("option", { name: "High", exact: true }).click();
  await risk.getByLabel("Politically exposed person (PEP)").check();
  await risk.getByLabel(/Reason/).fill("Declared a public office");
  await risk.getByRole("button", { name: "Record decision" }).click();
  await expect(risk).toBeHidden();

  const change = "Risk rating changed: — → High, PEP";
  await expect(page.getByTestId("customer-history").getByText(change)).toBeVisible();
  await expect(page.getByRole("cell", { name: change })).toBeVisible();
  await expect(page.getByTestId("customer-history")).toContainText("Profile submitted");
  await screenshot(page, "customer-page-decision-values");

  await page.goto(`/admin#/customers/${WITHOUT_PROFILE.id}/show`);
  await expect(page.getByTestId("profile-never-changed")).toContainText("Never changed");
});

test("a customer who closed the account while in review leaves the queue; the page says the close ended the review", async ({
  page,
}) => {
  await signIn(page, REVIEWER);
  await page.goto(`/admin#/customers?filter=${encodeURIComponent(JSON.stringify({ kyc_status: "pending_review" }))}`);
  await expect(page.getByRole("row").filter({ hasText: WITH_PROFILE.email })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: CLOSED_IN_REVIEW.email })).toHaveCount(0);

  await page.goto(`/admin#/customers/${CLOSED_IN_REVIEW.id}/show`);
  const review = page.getByRole("region", { name: "KYC review" });
  await expect(review.getByText("Status: Review ended: account closed")).toBeVisible();
  const decisions = review.getByRole("table", { name: "KYC decisions (newest first)" });
  await expect(decisions).toContainText("The account's close");
  await expect(page.getByRole("button", { name: "Decide KYC", exact: true })).toHaveCount(0);
  await screenshot(page, "customer-page-review-ended-by-close");
});
