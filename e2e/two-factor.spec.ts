import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { FIRST_ADMIN } from "./accounts";
import {
  enrolInPage,
  expect,
  knownTwoFactor,
  nextCode,
  rememberTwoFactor,
  signIn,
  test,
  signOut,
  screenshot,
  openStaffMember,
} from "./support";

/**
 * Two-factor sign-in in the browser: an admin without it held at enrolment (the default
 * STAFF_MFA_REQUIRED_ROLES), enrolment with the QR code and the recovery codes, sign-in with a
 * code and with a recovery code, enrolment from the user menu for a role not required to, setting
 * it up again (the current password first), and an admin's reset of a colleague's two-factor.
 */
test.describe.configure({ mode: "serial" });

const NEW_ADMIN = { email: "ada.twofactor@example.com", name: "Ada Twofactor", password: "ada admin password 1" };
const OPERATIONS = { email: "otto.twofactor@example.com", name: "Otto Twofactor", password: "otto ops password 1" };

async function submitPassword(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin");
  await page.locator("input[name=email]").fill(account.email);
  await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("the first admin creates two colleagues", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  for (const [account, role] of [
    [NEW_ADMIN, "admin"],
    [OPERATIONS, "operations"],
  ] as const) {
    const created = await page.request.post("/api/admin/staff", { data: { ...account, role } });
    expect(created.status()).toBe(201);
  }
});

test("an admin without two-factor sees only the set-up, can sign out, and the API refuses the rest", async ({
  page,
}) => {
  await submitPassword(page, NEW_ADMIN);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the two-factor key" })).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveValue(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole("menuitem", { name: "Customers" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Profile" })).toHaveCount(0);
  await screenshot(page, "two-factor-held");

  const dashboard = await page.request.get("/api/admin/dashboard");
  expect(dashboard.status()).toBe(403);
  expect((await dashboard.json()).type).toBe("mfa_required");
  await page.goto("/admin#/staff");
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("the held admin enrols: QR code and key, a code, then ten recovery codes shown once", async ({ page }) => {
  await submitPassword(page, NEW_ADMIN);
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await page.locator("input[name=code]").fill("00000x");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("This code is not right")).toBeVisible();

  const secret = await page.getByTestId("totp-secret").inputValue();
  const step = Math.floor(Date.now() / 30_000);
  await page.locator("input[name=code]").fill(await generate({ secret, epoch: step * 30 }));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute("download", /recovery-codes/);
  await screenshot(page, "two-factor-recovery-codes");
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  rememberTwoFactor(NEW_ADMIN.email, { secret, lastStep: step, recoveryCodes });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  expect((await page.request.get("/api/admin/dashboard")).status()).toBe(200);
});

test("sign-in asks for the code after the password; a wrong code is refused, the right one signs in", async ({
  page,
}) => {
  await submitPassword(page, NEW_ADMIN);
  await expect(page.getByText("Enter the 6-digit code your authenticator app shows.")).toBeVisible();
  await screenshot(page, "two-factor-code-step");
  await page.locator("input[name=code]").fill("12345x");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This code is not right, or was already used.")).toBeVisible();
  await page.locator("input[name=code]").fill(await nextCode(NEW_ADMIN.email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Staff", exact: true })).toBeVisible();
});

test("a recovery code signs in once in place of the code", async ({ page }) => {
  const twoFactor = knownTwoFactor(NEW_ADMIN.email)!;
  const [recoveryCode, ...rest] = twoFactor.recoveryCodes;
  for (const attempt of ["signs in", "is used up"]) {
    await submitPassword(page, NEW_ADMIN);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect(page.getByLabel("Recovery code")).toBeVisible();
    await page.locator("input[name=code]").fill(recoveryCode);
    await page.getByRole("button", { name: "Verify" }).click();
    if (attempt === "signs in") {
      await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
      await signOut(page);
    } else {
      await expect(page.getByText("This code is not right, or was already used.")).toBeVisible();
    }
  }
  rememberTwoFactor(NEW_ADMIN.email, { ...twoFactor, recoveryCodes: rest });
});

test("operations, not required to, enrol from the user menu; then sign in with a code", async ({ page }) => {
  await signIn(page, OPERATIONS);
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Set up two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Two-factor sign-in" });
  await expect(dialog.getByRole("img", { name: "QR code of the two-factor key" })).toBeVisible();
  await enrolInPage(page, OPERATIONS.email);
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  await signOut(page);

  await submitPassword(page, OPERATIONS);
  await expect(page.getByRole("button", { name: "Verify" })).toBeVisible();
  await page.locator("input[name=code]").fill(await nextCode(OPERATIONS.email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
});

test("setting up two-factor again asks for the current password first", async ({ page }) => {
  await signIn(page, OPERATIONS);
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Set up two-factor again" }).click();
  const dialog = page.getByRole("dialog", { name: "Two-factor sign-in" });
  const password = dialog.getByLabel("Current password");
  await expect(password).toBeVisible();
  await expect(dialog.getByTestId("totp-secret")).toHaveCount(0);
  await password.fill("not the password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("This password is not right.")).toBeVisible();
  await expect(dialog.getByTestId("totp-secret")).toHaveCount(0);
  await password.fill(OPERATIONS.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("img", { name: "QR code of the two-factor key" })).toBeVisible();
  await enrolInPage(page, OPERATIONS.email);
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
});

test("an admin resets a colleague's two-factor from the staff page, and it is in the audit log", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  await openStaffMember(page, OPERATIONS.email);
  await page.getByRole("button", { name: "Reset two-factor" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(`Two-factor of ${OPERATIONS.email} is reset`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
  rememberTwoFactor(OPERATIONS.email, undefined);

  await page.goto("/admin#/audit-log");
  await expect(page.getByRole("row").filter({ hasText: "Reset two-factor" }).first()).toBeVisible();
  await signOut(page);

  await submitPassword(page, OPERATIONS);
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
});
