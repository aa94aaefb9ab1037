import { FIRST_ADMIN } from "./accounts";
import { expect, openStaffMember, signIn, test, signOut } from "./support";

/**
 * Staff passwords as staff use them: a member changes theirs from the user menu and signs in with
 * it, an admin resets it from the staff page (shown once), "Forgot password?" on the sign-in page,
 * and the page of a reset link; the sign-ins are in the audit log. Sign-out ends the session on
 * the server, and an admin signs a member out everywhere from the staff page.
 */
test.describe.configure({ mode: "serial" });

const MEMBER = { email: "pat.passwords@example.com", name: "Pat Passwords", password: "pat first password 1" };
const NEW_PASSWORD = "pat second password 2";

test("a member changes their password from the user menu, then signs in with the new one", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  await page.goto("/admin#/staff/create");
  await page.locator("input[name=email]").fill(MEMBER.email);
  await page.locator("input[name=name]").fill(MEMBER.name);
  await page.getByLabel("Role").click();
  await page.getByRole("option", { name: "Compliance" }).click();
  await page.locator("input[name=password]").fill(MEMBER.password);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/#\/staff$/);
  await signOut(page);

  await signIn(page, MEMBER);
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.locator("input[name=current_password]").fill("not my password");
  await dialog.locator("input[name=password]").fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByText("The current password is incorrect")).toBeVisible();

  await dialog.locator("input[name=current_password]").fill(MEMBER.password);
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Password changed: every other session was signed out")).toBeVisible();
  // This session carries on.
  await page.goto("/admin#/audit-log");
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  await signOut(page);

  await page.locator("input[name=email]").fill(MEMBER.email);
  await page.locator("input[name=password]").fill(MEMBER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Incorrect e-mail address or password.")).toBeVisible();
  await signIn(page, { email: MEMBER.email, password: NEW_PASSWORD });
});

test("an admin resets the member's password from the staff page and sees it once; the sign-ins are in the audit log", async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN);
  await openStaffMember(page, MEMBER.email);
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  const dialog = page.getByRole("dialog", { name: `New password for ${MEMBER.email}` });
  const generated = await dialog.getByTestId("secret-value").inputValue();
  expect(generated.length).toBeGreaterThanOrEqual(20);
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.goto("/admin#/audit-log");
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Sign-in e-mail" }).click();
  await page.getByLabel("Sign-in e-mail").fill(MEMBER.email);
  await expect(page.getByText("Wrong credentials").first()).toBeVisible();
  await expect(page.getByText("Signed in").first()).toBeVisible();
  await signOut(page);

  await signIn(page, { email: MEMBER.email, password: generated });
});

test("forgot password: the sign-in page sends a link; a link's page refuses a spent token", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.locator("input[name=email]").fill(MEMBER.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("a link to choose a new password is on its way")).toBeVisible();
  await page.getByRole("button", { name: "Back to sign-in" }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  await page.goto("/admin/reset-password#token=not-a-real-token");
  await page.getByLabel("New password").fill("a fresh passphrase 3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This reset link is invalid, expired or already used")).toBeVisible();
});

const SESSIONS = { email: "sam.sessions@example.com", name: "Sam Sessions", password: "sam sessions password 1" };

test("sign-out ends the session on the server: a copy of the cookie taken before opens nothing after", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, FIRST_ADMIN);
  const created = await page.request.post("/api/admin/staff", { data: { ...SESSIONS, role: "operations" } });
  expect(created.status()).toBe(201);
  await signOut(page);

  await signIn(page, SESSIONS);
  const copied = await page.context().cookies();
  await signOut(page);
  const thief = await browser.newContext({ baseURL });
  await thief.addCookies(copied);
  expect((await thief.request.get("/api/admin/dashboard")).status()).toBe(401);
  await thief.close();
});

test("an admin signs a member out everywhere from the staff page", async ({ page, browser, baseURL }) => {
  // The member signed in in another browser.
  const elsewhere = await browser.newContext({ baseURL });
  const memberPage = await elsewhere.newPage();
  await signIn(memberPage, SESSIONS);
  expect((await memberPage.request.get("/api/admin/dashboard")).status()).toBe(200);

  await signIn(page, FIRST_ADMIN);
  await openStaffMember(page, SESSIONS.email);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Sign this member out everywhere?")).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(`Every session of ${SESSIONS.email} has ended`)).toBeVisible();
  expect((await memberPage.request.get("/api/admin/dashboard")).status()).toBe(401);
  await memberPage.reload();
  await expect(memberPage.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await elsewhere.close();

  await page.goto("/admin#/audit-log");
  await expect(page.getByRole("row").filter({ hasText: "Signed out everywhere" }).first()).toBeVisible();
});
