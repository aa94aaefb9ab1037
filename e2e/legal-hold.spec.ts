import { expect, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";
import { registeredCustomer } from "./submitted-customer";

/**
 * A legal hold (issue 28) on a closed account: the admin sets it with a reason on the customer's
 * page, sees it there and in the customer list's "On legal hold" filter, then lifts it. Its own API
 * client and customer.
 */
test.describe.configure({ mode: "serial" });

const CUSTOMER = { email: "held.account@example.org", password: "customer password 1", id: 0 };
const REASON = "Court order 2026/HC/0114: keep all records";

test("a closed account is put on legal hold, found by the list's filter, and released", async ({ page, request }) => {
  await signIn(page, FIRST_ADMIN);
  const { auth } = await registeredCustomer(page, request, CUSTOMER);
  const closed = await request.post("/client/v1/close-account", {
    headers: auth,
    form: { password: CUSTOMER.password },
  });
  expect(closed.status()).toBe(200);
  const found = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: CUSTOMER.email }) })}`,
  );
  CUSTOMER.id = (await found.json())[0].id;

  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  await expect(page.getByTestId("closed-notice")).toBeVisible();
  const hold = page.getByTestId("legal-hold");
  await expect(hold).toContainText("No legal hold");
  await hold.getByRole("button", { name: "Set legal hold" }).click();
  const dialog = page.getByRole("dialog", { name: "Set legal hold" });
  await expect(dialog.getByRole("button", { name: "Set legal hold" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill(REASON);
  await dialog.getByRole("button", { name: "Set legal hold" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Set legal hold: done")).toBeVisible();
  await expect(hold).toContainText(/On legal hold since \d+ \w+ \d{4}/);
  await expect(hold.getByRole("button", { name: "Lift legal hold" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("legal-hold-page.png"), fullPage: true });

  await page.goto("/admin#/customers");
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitemcheckbox", { name: "On legal hold" }).click();
  await page.getByRole("combobox", { name: "On legal hold" }).click();
  await page.getByRole("option", { name: "Yes" }).click();
  await expect(page).toHaveURL(/legal_hold[^&]*true/);
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: CUSTOMER.email }) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Legal hold since" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("legal-hold-list.png"), fullPage: true });

  await row.click();
  await expect(hold.getByRole("button", { name: "Lift legal hold" })).toBeVisible();
  await hold.getByRole("button", { name: "Lift legal hold" }).click();
  const lift = page.getByRole("dialog", { name: "Lift legal hold" });
  await lift.getByLabel(/Reason/).fill("Court order discharged");
  await lift.getByRole("button", { name: "Lift legal hold" }).click();
  await expect(lift).toBeHidden();
  await expect(hold).toContainText("No legal hold");

  const audit = await page.request.get(
    `/api/admin/audit-log?${new URLSearchParams({ filter: JSON.stringify({ action: "legal_hold", resource_id: String(CUSTOMER.id) }) })}`,
  );
  const entries = await audit.json();
  expect(entries.map((entry: { after: { reason: string } }) => entry.after.reason).sort()).toEqual(
    ["Court order discharged", REASON].sort(),
  );
});
