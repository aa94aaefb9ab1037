import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, test, signOut, screenshot } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The dashboard's charts with real account activity, as each role sees them, and an e-mail of the
 * outbox opened with its preview. Its own API client, colleagues and customers, made through the
 * admin API and the public API as the apps would.
 */
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const colleagues = {
  operations: { email: `dash.ops.${stamp}@example.com`, password: "" },
  compliance: { email: `dash.compliance.${stamp}@example.com`, password: "" },
};
const customerEmail = `dash.customer.${stamp}@example.org`;

async function adminJson(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test("customers register and log in; the admin's dashboard charts them and its tiles open the lists", async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN);
  const client = await adminJson(page.request, "/api/admin/clients", {
    name: `Dashboard app ${stamp}`,
    allowed_origins: ["https://app.example.com"],
  });
  for (const role of ["operations", "compliance"] as const) {
    const created = await adminJson(page.request, "/api/admin/staff", {
      email: colleagues[role].email,
      name: `Dashboard ${role}`,
      role,
    });
    colleagues[role].password = created.password;
  }

  const device = {
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
    "X-Client-IP": "203.0.113.90",
    "X-Client-UA": "CustomerApp/2.1",
    "X-Client-Fingerprint": "dash-device",
  };
  const password = "customer password 1";
  const registered = await page.request.post("/client/v1/register", {
    headers: device,
    form: {
      email: customerEmail,
      password,
      confirm_password: password,
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  const login = (attempt: string) =>
    page.request.post("/client/v1/login", { headers: device, form: { email: customerEmail, password: attempt } });
  expect((await login(password)).status()).toBe(200);
  expect((await login("wrong password")).status()).toBe(401);

  await page.goto("/admin");
  const activity = page.getByTestId("chart-activity");
  await expect(activity.getByText("Registrations and logins per day")).toBeVisible();
  // recharts draws a line per series once it has data and a size.
  await expect(activity.locator("path.recharts-line-curve")).toHaveCount(2);
  for (const series of ["Registrations", "Logins"]) {
    await expect(activity.locator(".recharts-legend-item-text", { hasText: series })).toBeVisible();
  }
  const failures = page.getByTestId("chart-failures");
  await expect(failures.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  for (const series of ["Failed logins", "Rate-limited attempts"]) {
    await expect(failures.locator(".recharts-legend-item-text", { hasText: series })).toBeVisible();
  }
  await screenshot(page, "dashboard-admin");

  await page.getByTestId("count-pending_emails").click();
  await expect(page).toHaveURL(/#\/outbox\?filter=.*pending/);
  await page.goto("/admin");
  await page.getByTestId("count-active_api_clients").click();
  await expect(page).toHaveURL(/#\/clients\?filter=.*active/);
  await expect(page.getByRole("cell", { name: `Dashboard app ${stamp}` })).toBeVisible();
  await signOut(page);
});

test("compliance sees the customer charts and no outbox; operations the outbox and no charts", async ({ page }) => {
  await signIn(page, colleagues.compliance);
  await expect(page.getByTestId("chart-activity").locator("path.recharts-line-curve")).toHaveCount(2);
  await expect(page.getByTestId("count-customers")).toBeVisible();
  await expect(page.getByTestId("count-pending_emails")).toHaveCount(0);
  await screenshot(page, "dashboard-compliance");
  await signOut(page);

  await signIn(page, colleagues.operations);
  await expect(page.getByTestId("count-pending_emails")).toBeVisible();
  await expect(page.getByTestId("count-customers")).toHaveCount(0);
  await expect(page.getByTestId("chart-activity")).toHaveCount(0);
  await screenshot(page, "dashboard-operations");
});

test("operations open the customer's verification e-mail and read it, its link's token hidden", async ({ page }) => {
  await signIn(page, colleagues.operations);
  await page.goto("/admin#/outbox");
  await page.getByPlaceholder("Recipient").fill(customerEmail);
  // The search applies after a pause: until then the rows are the unfiltered list's, which the
  // filtered one replaces, and a click on one of them would be lost.
  await expect(page).toHaveURL(/filter=[^&]*dash\.customer/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  const row = page.getByRole("row").filter({ hasText: customerEmail }).filter({ hasText: "Verify the e-mail address" });
  await expect(row.getByText("Not sent: no e-mail provider configured")).toBeVisible();
  await row.getByText(customerEmail).click();

  // The title, in the app bar and the tab.
  await expect(page.getByRole("heading", { name: `E-mail to ${customerEmail}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^E-mail to ${customerEmail.replaceAll(".", "\\.")} · .+ back office$`));
  const frame = page.frameLocator("iframe[title='E-mail preview']");
  const link = frame.getByRole("link").first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "https://app.example.com/verify/[single-use-token-hidden]");
  await expect(page.locator("iframe[title='E-mail preview']")).toHaveAttribute("sandbox", "");
  await screenshot(page, "outbox-preview");
  await page
    .locator("iframe[title='E-mail preview']")
    .screenshot({ path: test.info().outputPath("outbox-preview-frame.png") });
  await page.getByRole("tab", { name: "Plain text" }).click();
  await expect(page.getByText("https://app.example.com/verify/[single-use-token-hidden]")).toBeVisible();
});

test("the audit log reads a settings change and a country switch in words", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  const settings = await (await page.request.get("/api/admin/settings/1")).json();
  const saved = await page.request.put("/api/admin/settings/1", {
    data: { ...settings, tag_line: `Audited ${stamp}` },
  });
  expect(saved.status()).toBe(200);
  const countries = await (
    await page.request.get(`/api/admin/countries?${new URLSearchParams({ filter: '{"q":"Poland"}' })}`)
  ).json();
  const poland = countries.find((country: { known_name: string }) => country.known_name === "Poland");
  const switched = await page.request.put(`/api/admin/countries/${poland.id}`, {
    data: { is_source: !poland.is_source },
  });
  expect(switched.status()).toBe(200);

  await page.goto("/admin#/audit-log");
  const countryRow = page.getByRole("row").filter({ hasText: "Poland" }).first();
  await expect(countryRow).toContainText("Changed");
  await expect(countryRow).toContainText("Countries");
  await expect(countryRow).toContainText(FIRST_ADMIN.email);
  await expect(countryRow).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} (UTC|GMT)/);
  await countryRow.click();
  // The expanded entry is a table of its own inside the list's row.
  const changes = page.locator("table table tr");
  const countryChange = changes.filter({ hasText: "Source country" });
  await expect(countryChange).toContainText(poland.is_source ? "YesNo" : "NoYes");

  const settingsRow = page.getByRole("row").filter({ hasText: "Business settings" }).first();
  await settingsRow.click();
  await expect(changes.filter({ hasText: "Tag line" })).toContainText(`Audited ${stamp}`);
  await expect(page.getByRole("cell", { name: "tag_line" })).toHaveCount(0);
  await screenshot(page, "audit-log-readable");

  await page.getByLabel("Resource").click();
  await expect(page.getByRole("option", { name: "E-mail outbox" })).toBeVisible();
  await expect(page.getByRole("option", { name: "outbox", exact: true })).toHaveCount(0);
});
