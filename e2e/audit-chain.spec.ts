import { expect, signIn, test, screenshot } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The audit log page shows the state of the log's hash chain, checked as the page opens and again on
 * demand, with the range of positions it checked.
 */
test("the audit log page shows the chain valid, with its entries and head hash, and checks it again", async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN);
  await page.goto("/admin#/audit-log");
  const state = page.getByRole("status", { name: "Audit chain" });
  await expect(state).toContainText(/Audit chain valid: \d+ entr(y|ies), checked /);
  // The range checked: from the last signed checkpoint, or from the first entry before there is one.
  await expect(state).toContainText(/\(positions \d+ to \d+ checked from (checkpoint #\d+|the first entry)\)/);
  await expect(state.locator("code")).toHaveText(/^[0-9a-f]{64}$/);
  const entries = Number((await state.textContent())?.match(/valid: (\d+)/)?.[1]);
  expect(entries).toBeGreaterThan(0);
  await screenshot(page, "audit-chain-valid");

  const checked = page.waitForResponse((response) => response.url().endsWith("/api/admin/audit-log/chain"));
  await state.getByRole("button", { name: "Check again" }).click();
  expect((await checked).status()).toBe(200);
  await expect(state).toContainText(/Audit chain valid: \d+ entr(y|ies)/);
});
