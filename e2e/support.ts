import { expect, type Page } from "@playwright/test";

/** What the browser tests share. */
export { expect, test } from "@playwright/test";

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.locator("input[name=email]").fill(account.email);
  await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
}
