import { FIRST_ADMIN } from "./accounts";
import { expect, nextCode, screenshot, signIn, signOut, test } from "./support";

/**
 * Staff passkeys in Chromium with its own virtual authenticator (the DevTools protocol's WebAuthn
 * domain: a platform authenticator with resident keys and user verification, not a mock): an admin,
 * who must use two-factor, adds a passkey on their profile after the password and code, signs out,
 * and signs in with the passkey alone, asked for no code. The pages are on http://localhost:<port>:
 * WebAuthn's relying party (WEBAUTHN_RP_ID=localhost, e2e/serve.ts) must be the page's domain.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}` });

const ADMIN = { email: "pia.passkey@example.com", name: "Pia Passkey", password: "pia admin password 1" };

test("an admin adds a passkey on their profile, signs out, and signs in with it alone", async ({ page }) => {
  // Two sign-ins, an enrolment and a passkey's two ceremonies: more than one test's usual minute.
  test.setTimeout(240_000);
  await signIn(page, FIRST_ADMIN);
  const created = await page.request.post("/api/admin/staff", { data: { ...ADMIN, role: "admin" } });
  expect(created.status()).toBe(201);
  await signOut(page);
  // The new admin is held until they enrol in two-factor, which the helper does in the page.
  await signIn(page, ADMIN);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Passkeys" }).click();
  const dialog = page.getByRole("dialog", { name: "Passkeys" });
  await expect(dialog.getByText("You have no passkeys yet.")).toBeVisible();
  await dialog.getByLabel("Name (optional)").fill("Chromium key");
  await dialog.getByLabel("Current password").fill(ADMIN.password);
  await dialog.getByLabel("Two-factor code").fill(await nextCode(ADMIN.email));
  await dialog.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added: you can sign in with it alone")).toBeVisible();
  const row = dialog.getByRole("row", { name: /Chromium key/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell", { name: "Never" })).toBeVisible();
  await screenshot(page, "staff-passkeys-added");

  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  expect(credentials[0].rpId).toBe("localhost");

  await dialog.getByRole("button", { name: "Close" }).click();
  await signOut(page);

  // The passkey alone: no e-mail, no password, and no two-factor code asked of this admin.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify" })).toHaveCount(0);
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user).toMatchObject({ email: ADMIN.email, role: "admin", twoFactor: true });
  const dashboard = await page.request.get("/api/admin/dashboard");
  expect(dashboard.status()).toBe(200);
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Passkeys" }).click();
  await expect(dialog.getByRole("row", { name: /Chromium key/ }).getByRole("cell", { name: "Never" })).toHaveCount(0);
  await screenshot(page, "staff-passkeys-signed-in");
});
