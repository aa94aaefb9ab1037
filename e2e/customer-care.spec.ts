import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * Compliance at work on a customer's page (issue 15): resend the verification e-mail, sign out
 * everywhere, block and unblock, each with a reason the audit log shows; and the linked-accounts
 * panel leading to a customer that shares a device. Its own colleague, API client and customers.
 */
test.describe.configure({ mode: "serial" });

const COMPLIANCE = { email: "carl.care@example.com", password: "" };
const DEVICE = "care-device-fp-7";
const HOLDER = { email: "care.holder@example.org", id: 0 };
const SECOND = { email: "care.second@example.org", id: 0 };
const client = { id: "", secret: "" };

async function registerCustomer(request: APIRequestContext, email: string, ip: string) {
  const registered = await request.post("/client/v1/register", {
    headers: {
      "X-Client-ID": client.id,
      "X-Client-Secret": client.secret,
      "X-Client-IP": ip,
      "X-Client-UA": "CustomerApp/3.0 (Android 15)",
      "X-Client-Fingerprint": DEVICE,
    },
    form: {
      email,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
}

async function customerIdOf(page: Page, email: string): Promise<number> {
  const response = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: `{"q":"${email}"}` })}`,
  );
  expect(response.ok()).toBe(true);
  const [customer] = await response.json();
  return customer.id;
}

/** Takes `action` from the customer's page with `reason`, and waits for the page's confirmation. */
async function act(page: Page, action: string, reason: string, done: string | RegExp) {
  await page.getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: action });
  await expect(dialog.getByRole("button", { name: action })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole("button", { name: action }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(done)).toBeVisible();
}

/** The audit log, narrowed to the customer and the action, shows the reason in the entry's changes. */
async function expectAudited(page: Page, id: number, [action, shownAs]: [string, string], reason: string) {
  await page.goto(
    `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify({ resource: "customers", resource_id: String(id), action }) })}`,
  );
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: shownAs, exact: true }) });
  await row.first().click();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByText(COMPLIANCE.email).first()).toBeVisible();
}

test("the admin sets up a compliance colleague, an API client, and two customers on one device", async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ADMIN);
  const member = await page.request.post("/api/admin/staff", {
    data: { email: COMPLIANCE.email, name: "Carl Care", role: "compliance" },
  });
  expect(member.status()).toBe(201);
  COMPLIANCE.password = (await member.json()).password;
  const created = await page.request.post("/api/admin/clients", {
    data: { name: "Care app", allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  Object.assign(client, { id: body.client_id, secret: body.client_secret });

  await registerCustomer(request, HOLDER.email, "203.0.113.101");
  await registerCustomer(request, SECOND.email, "203.0.113.102");
  HOLDER.id = await customerIdOf(page, HOLDER.email);
  SECOND.id = await customerIdOf(page, SECOND.email);
});

test("compliance resends the verification e-mail, signs the customer out everywhere, blocks and unblocks, each with a reason in the audit log", async ({
  page,
}) => {
  await signIn(page, COMPLIANCE);
  await page.goto(`/admin#/customers/${HOLDER.id}/show`);
  await expect(page.getByText(HOLDER.email).first()).toBeVisible();

  await act(
    page,
    "Resend verification e-mail",
    "Customer says the first e-mail never arrived",
    `Verification e-mail sent to ${HOLDER.email}`,
  );
  // In the events and, a staff action on the account, in the History aside.
  await expect(page.getByRole("cell", { name: "Verification e-mail resent by staff" })).toBeVisible();
  await expect(page.getByTestId("customer-history")).toContainText("Verification e-mail resent by staff");
  await act(page, "Sign out everywhere", "Customer reported a stolen phone", "Sessions signed out: 1");
  await expect(page.getByRole("cell", { name: "Signed out everywhere by staff" })).toBeVisible();
  await expect(page.getByTestId("customer-history")).toContainText("Signed out everywhere by staff");
  await act(page, "Block", "Identity documents under review", "Block: done");
  await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification e-mail" })).toHaveCount(0);
  await act(page, "Unblock", "Identity documents accepted", "Unblock: done");
  await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Unblocked by staff" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("customer-actions.png"), fullPage: true });

  await expectAudited(
    page,
    HOLDER.id,
    ["resend_verification", "Verification e-mail sent again"],
    "Customer says the first e-mail never arrived",
  );
  await expectAudited(
    page,
    HOLDER.id,
    ["revoke_sessions", "Signed out everywhere"],
    "Customer reported a stolen phone",
  );
  await expectAudited(page, HOLDER.id, ["block", "Blocked"], "Identity documents under review");
  await expectAudited(page, HOLDER.id, ["unblock", "Unblocked"], "Identity documents accepted");
});

test("the linked-accounts panel shows the customer on the same device, and its link opens that customer's page", async ({
  page,
}) => {
  await signIn(page, COMPLIANCE);
  await page.goto(`/admin#/customers/${HOLDER.id}/show`);
  const panel = page.getByRole("region", { name: "Linked accounts" });
  await expect(panel.getByRole("link", { name: SECOND.email })).toBeVisible();
  await expect(panel.getByText(DEVICE)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("linked-accounts.png"), fullPage: true });
  await panel.getByRole("link", { name: SECOND.email }).click();
  await expect(page).toHaveURL(new RegExp(`#/customers/${SECOND.id}/show$`));
  await expect(
    page.getByRole("region", { name: "Linked accounts" }).getByRole("link", { name: HOLDER.email }),
  ).toBeVisible();

  await page.goto(`/admin#/customers?${new URLSearchParams({ filter: JSON.stringify({ fingerprint: DEVICE }) })}`);
  await expect(page.getByRole("cell", { name: HOLDER.email })).toBeVisible();
  await expect(page.getByRole("cell", { name: SECOND.email })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(3);
});
