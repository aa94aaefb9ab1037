import { expect, test as base, type Page } from "@playwright/test";

/**
 * What the browser tests share. `test` is Playwright's, failing any test during which the browser
 * reported a Content-Security-Policy violation: the back office must work entirely within its
 * policy (lib/server/security-headers.ts).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that gives no value as void, so use() takes none
export const test = base.extend<{ noPolicyViolations: void }>({
  noPolicyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      // Init scripts run outside the page's policy.
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`Content Security Policy violation: ${event.effectiveDirective} ${event.blockedURI}`),
        ),
      );
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.locator("input[name=email]").fill(account.email);
  await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
}
