import type { Page } from "@playwright/test";
import { expect, screenshot, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The KYC review in the back office (issue 25): compliance opens a customer's review, finds it from
 * the dashboard's "Profiles awaiting review" in the list filtered by pending review, opens the
 * customer's page, is refused a verification of the incomplete profile, rejects it and rates the
 * risk in the dialogs, each with a reason the history and the audit log show; then a decision on a
 * page the customer's profile change has made stale is refused, and the page shows the change. Its
 * own colleague, API client and customer. (The customer has no profile at first, which is what makes
 * the verification fail.)
 */
test.describe.configure({ mode: "serial" });

const REVIEWER = { email: "kay.review@example.com", password: "", name: "Kay Review" };
const CUSTOMER = { email: "kyc.customer@example.org", id: 0, headers: {} as Record<string, string> };
const REJECTION = "Passport photo does not match the selfie";

/** Records a decision in the page's dialog `title` with `reason`, after `choose` set its fields. */
async function decide(page: Page, title: string, reason: string, choose: () => Promise<void>) {
  await page.getByRole("button", { name: title, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("button", { name: "Record decision" })).toBeDisabled();
  await choose();
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole("button", { name: "Record decision" }).click();
  return dialog;
}

async function pick(page: Page, field: string, option: string) {
  await page.getByRole("dialog").getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("the admin sets up a compliance colleague and a customer", async ({ page, request }) => {
  await signIn(page, FIRST_ADMIN);
  const member = await page.request.post("/api/admin/staff", {
    data: { email: REVIEWER.email, name: REVIEWER.name, role: "compliance" },
  });
  expect(member.status()).toBe(201);
  REVIEWER.password = (await member.json()).password;
  const created = await page.request.post("/api/admin/clients", {
    data: { name: "KYC app", allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const client = await created.json();
  const registered = await request.post("/client/v1/register", {
    headers: { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret },
    form: {
      email: CUSTOMER.email,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  CUSTOMER.headers = {
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
    Authorization: `Bearer ${(await registered.json()).token}`,
  };
  const found = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: CUSTOMER.email }) })}`,
  );
  CUSTOMER.id = (await found.json())[0].id;
});

test("compliance reviews from the dashboard to the filtered list, the customer's page, the decision and the audit log", async ({
  page,
}) => {
  await signIn(page, REVIEWER);
  // Open the review (the public API's submit does this for a customer's own profile).
  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  const review = page.getByRole("region", { name: "KYC review" });
  await expect(review.getByText("Status: Not submitted")).toBeVisible();
  await expect(review.getByText("No decision recorded yet.")).toBeVisible();
  const reopened = await decide(page, "Decide KYC", "Customer sent documents by post", () =>
    pick(page, "Decision", "Pending review"),
  );
  await expect(reopened).toBeHidden();
  await expect(review.getByText("Status: Pending review")).toBeVisible();

  // A fresh page, so the customer's page opens with the list's record first (which has no history).
  await page.goto("/admin#/");
  await page.reload();
  await expect(page.getByTestId("count-profiles_awaiting_review")).toHaveText("1");
  await page.getByText("Profiles awaiting review").click();
  await expect(page).toHaveURL(/kyc_status/);
  const row = page.getByRole("row").filter({ hasText: CUSTOMER.email });
  await expect(row.getByText("Pending review")).toBeVisible();
  await screenshot(page, "kyc-pending-list");
  await row.click();
  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();

  // The profile is empty: verifying it is refused, and the dialog stays open with the reason.
  const refused = await decide(page, "Decide KYC", "Looks fine", async () => {});
  await expect(page.getByText(/cannot be verified before it is complete/)).toBeVisible();
  await pick(page, "Decision", "Rejected");
  await refused.getByLabel(/Reason/).fill(REJECTION);
  await refused.getByRole("button", { name: "Record decision" }).click();
  await expect(refused).toBeHidden();
  await expect(review.getByText("Status: Rejected")).toBeVisible();
  const decision = review.getByRole("row").filter({ hasText: REJECTION });
  await expect(decision.getByRole("cell", { name: REVIEWER.name })).toBeVisible();
  await expect(decision.getByRole("cell", { name: "Rejected", exact: true })).toBeVisible();

  const rated = await decide(page, "Rate risk", "Name matches a PEP list entry", async () => {
    await pick(page, "Risk rating", "High");
    await page.getByRole("dialog").getByLabel("Politically exposed person (PEP)").check();
  });
  await expect(rated).toBeHidden();
  await expect(review.getByText("Risk: High")).toBeVisible();
  await expect(review.getByText("PEP: Yes")).toBeVisible();
  await expect(review.getByRole("cell", { name: "High risk · PEP Yes · Sanctions hit No" })).toBeVisible();
  await screenshot(page, "kyc-customer-page");

  await page.goto(
    `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify({ resource: "customers", resource_id: String(CUSTOMER.id), action: "kyc_decision" }) })}`,
  );
  // The list says which way each decision went.
  const entries = page.getByRole("row").filter({ has: page.getByRole("cell", { name: /^KYC → / }) });
  await expect(entries).toHaveCount(2);
  await expect(entries.getByRole("cell", { name: "KYC → rejected", exact: true })).toBeVisible();
  await entries.first().click();
  await expect(page.getByText(REJECTION)).toBeVisible();
  await expect(page.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(page.getByText(REVIEWER.email).first()).toBeVisible();
  await screenshot(page, "kyc-audit-entry");
});

test("a decision is taken on the page as it was shown: the customer's change meanwhile refuses it, and the page shows the change", async ({
  page,
  request,
}) => {
  await signIn(page, REVIEWER);
  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  const review = page.getByRole("region", { name: "KYC review" });
  const profile = page.getByTestId("customer-profile");
  await expect(review.getByText("Status: Rejected")).toBeVisible();
  await expect(profile.getByText("Lovelace")).toHaveCount(0);

  // The reviewer opens the dialog on the page as it is; meanwhile the customer gives a name.
  await page.getByRole("button", { name: "Decide KYC", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Decide KYC" });
  const changed = await request.post("/client/v1/me/profile", {
    headers: CUSTOMER.headers,
    data: { given_names: "Ada", family_name: "Lovelace" },
  });
  expect(changed.status()).toBe(200);
  await pick(page, "Decision", "Pending review");
  await dialog.getByLabel(/Reason/).fill("Back to review, on the page before the name");
  await dialog.getByRole("button", { name: "Record decision" }).click();
  await expect(page.getByText(/changed since it was shown/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText("Lovelace")).toBeVisible();
  await expect(review.getByText("Status: Rejected")).toBeVisible();

  // Read again: the decision on the page as it is now is recorded.
  const decided = await decide(page, "Decide KYC", "Name given: back to review", () =>
    pick(page, "Decision", "Pending review"),
  );
  await expect(decided).toBeHidden();
  await expect(review.getByText("Status: Pending review")).toBeVisible();
  await expect(review.getByRole("row").filter({ hasText: "Name given: back to review" })).toBeVisible();
});
