import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { generate } from "otplib";

/**
 * What the browser tests share. `test` is Playwright's, failing any test during which the browser
 * reported a Content-Security-Policy violation: the back office must work entirely within its
 * policy (lib/entry/server/security-headers.ts).
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

/**
 * The two-factor secrets of the members the tests enrolled, with the last time step each used (a
 * code is accepted once): in a file of this run, so that a worker restarted after a failure still
 * knows them.
 */
type TwoFactor = { secret: string; lastStep: number; recoveryCodes: string[] };
const TWO_FACTOR_FILE = path.join("test-results", `two-factor-${process.env.E2E_PORT}.json`);

function twoFactors(): Record<string, TwoFactor> {
  return fs.existsSync(TWO_FACTOR_FILE) ? JSON.parse(fs.readFileSync(TWO_FACTOR_FILE, "utf8")) : {};
}

export function rememberTwoFactor(email: string, twoFactor: TwoFactor | undefined) {
  const all = twoFactors();
  if (twoFactor) all[email] = twoFactor;
  else delete all[email];
  fs.mkdirSync(path.dirname(TWO_FACTOR_FILE), { recursive: true });
  fs.writeFileSync(TWO_FACTOR_FILE, JSON.stringify(all));
}

export const knownTwoFactor = (email: string): TwoFactor | undefined => twoFactors()[email];

const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * A code of `email`'s secret for a step after the last one used: the current step or the next
 * (the server allows one either side), waiting for the step to come when both were used.
 */
export async function nextCode(email: string): Promise<string> {
  const twoFactor = knownTwoFactor(email);
  if (!twoFactor) throw new Error(`no two-factor secret known for ${email}`);
  const step = Math.max(currentStep(), twoFactor.lastStep + 1);
  if (step > currentStep() + 1) {
    const wait = (step - 1) * 30_000 - Date.now() + 100;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  rememberTwoFactor(email, { ...twoFactor, lastStep: step });
  return generate({ secret: twoFactor.secret, epoch: step * 30 });
}

/** On the enrolment screen or dialog: reads the key, confirms it with a code, keeps the recovery codes. */
export async function enrolInPage(page: Page, email: string): Promise<TwoFactor> {
  const secret = await page.getByTestId("totp-secret").inputValue();
  const step = currentStep();
  await page.locator("input[name=code]").fill(await generate({ secret, epoch: step * 30 }));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const list = page.getByTestId("recovery-codes");
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const twoFactor = { secret, lastStep: step, recoveryCodes: await list.getByRole("listitem").allTextContents() };
  rememberTwoFactor(email, twoFactor);
  await page.getByRole("button", { name: "I have saved them" }).click();
  return twoFactor;
}

/**
 * Signs in as the sign-in page asks: with the code of the moment when the member has two-factor,
 * and through enrolment first when the role requires it and the member has none (the default for
 * admins, STAFF_MFA_REQUIRED_ROLES).
 */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.locator("input[name=email]").fill(account.email);
  await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const backOffice = page.getByRole("button", { name: "Profile" });
  const codeStep = page.getByRole("button", { name: "Verify" });
  const enrolment = page.getByTestId("totp-secret");
  await expect(backOffice.or(codeStep).or(enrolment)).toBeVisible();
  if (await enrolment.isVisible()) {
    await enrolInPage(page, account.email);
  } else if (await codeStep.isVisible()) {
    await page.locator("input[name=code]").fill(await nextCode(account.email));
    await codeStep.click();
  }
  await expect(backOffice).toBeVisible();
}

/** Signs out from the user menu, back to the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
}

/** A full-page screenshot kept with the test's output, for people to look at. */
/**
 * Opens a staff member's page from the staff list, found by searching for their address: the list
 * shows ten a page, and the browser tests, sharing one server, add members as they go.
 */
export async function openStaffMember(page: Page, email: string) {
  await page.goto("/admin#/staff");
  await page.getByPlaceholder("E-mail or name").fill(email);
  await page.getByRole("cell", { name: email, exact: true }).click();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
