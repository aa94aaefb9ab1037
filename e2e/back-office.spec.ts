import type { Page } from "@playwright/test";
import { expect, signIn, test, signOut, screenshot } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The back office as staff use it, one story in order: the admin sets up colleagues and an API
 * client, operations change what the apps show, compliance looks into a customer.
 */
test.describe.configure({ mode: "serial" });

const OPERATIONS = { email: "olu.ops@example.com", name: "Olu Ops", password: "" };
const COMPLIANCE = { email: "cara.compliance@example.com", name: "Cara Compliance", password: "compliance password 1" };
const CUSTOMER_EMAIL = "registered.customer@example.org";
const client = { id: "", secret: "" };

const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });

async function createStaff(page: Page, account: { email: string; name: string; password: string }, role: string) {
  await page.goto("/admin#/staff/create");
  await page.locator("input[name=email]").fill(account.email);
  await page.locator("input[name=name]").fill(account.name);
  await page.getByLabel("Role").click();
  await page.getByRole("option", { name: role }).click();
  if (account.password) await page.locator("input[name=password]").fill(account.password);
  await page.getByRole("button", { name: "Save" }).click();
}

test("a wrong password is refused on the sign-in page", async ({ page }) => {
  await page.goto("/admin");
  // Branded with the trading name from the settings.
  await expect(page.getByTestId("trading-name")).toHaveText("[placeholder] Example Remit");
  await expect(page).toHaveTitle("[placeholder] Example Remit back office");
  await screenshot(page, "sign-in");
  await page.locator("input[name=email]").fill(FIRST_ADMIN.email);
  await page.locator("input[name=password]").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Incorrect e-mail address or password.")).toBeVisible();
});

test("the admin creates an operations and a compliance colleague", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  await expect(page.getByTestId("count-customers")).toHaveText("0");
  await screenshot(page, "admin-dashboard");

  await createStaff(page, OPERATIONS, "Operations");
  const dialog = page.getByRole("dialog", { name: `Password for ${OPERATIONS.email}` });
  await expect(dialog).toBeVisible();
  OPERATIONS.password = await dialog.getByTestId("secret-value").inputValue();
  expect(OPERATIONS.password.length).toBeGreaterThanOrEqual(16);
  await screenshot(page, "staff-password-once");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/staff$/);

  await createStaff(page, COMPLIANCE, "Compliance");
  await expect(page.getByRole("cell", { name: COMPLIANCE.email })).toBeVisible();
  await expect(page.getByRole("cell", { name: OPERATIONS.email })).toBeVisible();
  await screenshot(page, "staff-list");
});

test("the admin creates an API client and sees its secret once", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  await page.goto("/admin#/clients/create");
  await page.locator("input[name=name]").fill("Customer app");
  const origins = page.getByLabel("Allowed origins");
  await origins.fill("https://app.example.com");
  await origins.press("Enter");
  await page.getByRole("button", { name: "Save" }).click();

  const dialog = page.getByRole("dialog", { name: "Client secret for Customer app" });
  await expect(dialog).toBeVisible();
  client.secret = await dialog.getByTestId("secret-value").inputValue();
  expect(client.secret).toMatch(/^sec_/);
  await screenshot(page, "client-secret-once");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(/^cli_[0-9a-f]{24}$/)).toBeVisible();
  client.id = (await page.getByText(/^cli_[0-9a-f]{24}$/).textContent())!;
  await page.reload();
  await expect(page.getByText(client.id)).toBeVisible();
  const clients = await page.request.get("/api/admin/clients");
  expect(clients.ok()).toBe(true);
  expect(await clients.text()).not.toContain(client.secret);
  await screenshot(page, "client-edit");
  await signOut(page);
});

test("operations change the trading name and a source country; the public API shows both; no Staff for them", async ({
  page,
  request,
}) => {
  await signIn(page, OPERATIONS);
  await expect(menuItem(page, "Settings")).toBeVisible();
  await expect(menuItem(page, "Staff")).toHaveCount(0);
  await expect(menuItem(page, "Customers")).toHaveCount(0);
  // The seed's settings: the dashboard and the Settings page name the fields that are placeholders.
  const placeholderBanner = page.getByTestId("placeholder-settings");
  await expect(placeholderBanner).toContainText("Business settings still hold placeholders");
  await expect(placeholderBanner).toContainText("Trading name, Company name, Tag line, Licence");
  await screenshot(page, "operations-dashboard");
  await placeholderBanner.getByRole("link", { name: "Edit settings" }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(placeholderBanner).toContainText("These still hold the placeholders");
  const tradingName = page.locator("input[name=trading_name]");
  await expect(tradingName).toHaveValue("[placeholder] Example Remit");
  await page.locator("input[name=cs_email]").fill("not an e-mail");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Must be a valid email")).toBeVisible();
  await page.locator("input[name=cs_email]").fill("help@remitfast.example");
  await tradingName.fill("Remit Fast");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  // Saved, but the other placeholders are still what customers see: the banner stays, without the trading name.
  await expect(placeholderBanner).toContainText("Company name");
  await expect(placeholderBanner).not.toContainText("Trading name");
  await page.locator("input[name=company_name]").fill("Remit Fast Ltd");
  await page.locator("input[name=tag_line]").fill("Money home, the same day");
  await page.locator("input[name=cs_number]").fill("+44 20 7946 0321");
  await page.locator("input[name=hq_address]").fill("12 Fenchurch Street");
  await page.locator("textarea[name=license]").fill("Remit Fast Ltd is authorised by the FCA (FRN 123456).");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(placeholderBanner).toBeHidden();
  await screenshot(page, "settings-saved");
  await page.goto("/admin#/");
  await expect(page.getByText("Active API clients")).toBeVisible();
  await expect(placeholderBanner).toBeHidden();

  await page.goto("/admin#/countries");
  await page.getByPlaceholder("Name or ISO code").fill("PRT");
  const portugal = page.getByLabel("Portugal is a source country");
  await expect(portugal).not.toBeChecked();
  await portugal.click();
  await expect(page.getByText("Portugal is now a source country")).toBeVisible();
  await expect(portugal).toBeChecked();
  await screenshot(page, "countries-source-toggled");

  const credentials = { "X-Client-ID": client.id, "X-Client-Secret": client.secret };
  const settings = await (await request.get("/client/v1/settings", { headers: credentials })).json();
  expect(settings.settings.trading_name).toBe("Remit Fast");
  expect(settings.settings.cs_email).toBe("help@remitfast.example");
  const sources = await (await request.get("/client/v1/sources", { headers: credentials })).json();
  expect(sources.countries.map((country: { iso_code_alpha2: string }) => country.iso_code_alpha2)).toContain("PT");

  await page.goto("/admin#/staff");
  await expect(page.getByText("Access denied")).toBeVisible();
  const forbidden = await page.request.get("/api/admin/staff");
  expect(forbidden.status()).toBe(403);

  // The sign-in page takes the name from the settings each time it is loaded.
  await signOut(page);
  await page.reload();
  await expect(page.getByTestId("trading-name")).toHaveText("Remit Fast");
  await expect(page).toHaveTitle("Remit Fast back office");
});

test("compliance finds a customer registered through the API and sees its events; cannot edit settings", async ({
  page,
  request,
}) => {
  const registered = await request.post("/client/v1/register", {
    headers: {
      "X-Client-ID": client.id,
      "X-Client-Secret": client.secret,
      "X-Client-IP": "203.0.113.77",
      "X-Client-UA": "CustomerApp/2.1 (Android 15)",
      "X-Client-Fingerprint": "device-fp-42",
    },
    form: {
      email: CUSTOMER_EMAIL,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  expect((await registered.json()).token).toBeTruthy();

  await signIn(page, COMPLIANCE);
  await expect(menuItem(page, "Customers")).toBeVisible();
  await expect(menuItem(page, "Settings")).toHaveCount(0);
  await expect(page.getByTestId("count-customers")).toHaveText("1");

  await page.goto("/admin#/customers");
  await page.getByPlaceholder("E-mail").fill("registered.customer");
  // The search applies after a pause; a click before it would be undone when the list moves to it.
  await expect(page).toHaveURL(/filter=[^&]*registered\.customer/);
  await page.getByRole("cell", { name: CUSTOMER_EMAIL }).click();
  await expect(page.getByRole("cell", { name: "Registration" })).toBeVisible();
  // The events' Device column: the address, the app, the fingerprint, one a line.
  const device = page.getByRole("cell").filter({ hasText: "IP 203.0.113.77" });
  await expect(device).toContainText("CustomerApp/2.1 (Android 15)");
  await expect(device).toContainText("Device device-fp-42");
  await expect(page.getByText("Customer app")).toBeVisible();
  await screenshot(page, "customer-events");

  await page.goto("/admin#/settings");
  await expect(page.getByText("Access denied")).toBeVisible();
  const edit = await page.request.put("/api/admin/settings/1", { data: { trading_name: "Compliance was here" } });
  expect(edit.status()).toBe(403);
  expect((await edit.json()).type).toBe("permission_error");
});

test("compliance blocks the customer from its page with a reason, and finds the reason in the audit log", async ({
  page,
  request,
}) => {
  await signIn(page, COMPLIANCE);
  await page.goto("/admin#/customers");
  await page.getByPlaceholder("E-mail").fill("registered.customer");
  await expect(page).toHaveURL(/filter=[^&]*registered\.customer/);
  await expect(page.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
  await page.getByRole("cell", { name: CUSTOMER_EMAIL }).click();

  await page.getByRole("button", { name: "Block", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Block" });
  await expect(dialog.getByRole("button", { name: "Block" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("Documents do not match the account holder");
  await screenshot(page, "customer-block-reason");
  await dialog.getByRole("button", { name: "Block" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: "Blocked by staff" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();

  const login = await request.post("/client/v1/login", {
    headers: { "X-Client-ID": client.id, "X-Client-Secret": client.secret, "X-Client-IP": "203.0.113.77" },
    form: { email: CUSTOMER_EMAIL, password: "customer password 1" },
  });
  expect(login.status()).toBe(403);
  expect((await login.json()).message).toBe("This account is blocked. Please contact customer support.");

  await page.goto("/admin#/audit-log");
  const row = page.getByRole("row").filter({ hasText: COMPLIANCE.email }).filter({ hasText: "block" });
  await row.first().click();
  await expect(page.getByText("Documents do not match the account holder")).toBeVisible();
  await screenshot(page, "customer-block-audit");
});
