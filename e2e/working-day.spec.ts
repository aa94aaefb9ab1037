import type { APIRequestContext, Page } from "@playwright/test";
import { expect, screenshot, signIn, signOut, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The back office as its daily users meet it (issue 30): operations' dashboard (API clients' calls
 * and last use, the outbox's days, reference data changed lately, e-mails that no provider will
 * send), compliance's customer page (details beside the history, events to the second with their
 * addresses, closed accounts marked, also among the linked accounts), and the small things: the
 * user menu's dialogs, a refusal said once, the staff page, pages refused before they fetch, days
 * in words, the audit log's values in words, toasts that say what was saved. Named to run after the
 * other files, which count on a fresh database: it leaves customers and changes behind.
 */
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1440, height: 900 } });

const stamp = Date.now();
const colleagues = {
  operations: { email: `daily.ops.${stamp}@example.com`, password: "", id: 0 },
  compliance: { email: `daily.compliance.${stamp}@example.com`, password: "", id: 0 },
};
const CLIENT_NAME = `Daily app ${stamp}`;
const client = { id: "", secret: "" };
const PASSWORD = "customer password 1";
const FIRST_ADDRESS = `daily.first.${stamp}@example.org`;
const ASKED_ADDRESS = `daily.asked.${stamp}@example.org`;
const SECONDS = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}/;

const device = (fingerprint: string) => ({
  "X-Client-ID": client.id,
  "X-Client-Secret": client.secret,
  "X-Client-IP": "203.0.113.150",
  "X-Client-UA": "CustomerApp/4.2 (iOS 19)",
  "X-Client-Fingerprint": fingerprint,
});

async function created(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function register(request: APIRequestContext, email: string, fingerprint = `daily-phone-${stamp}`) {
  const response = await request.post("/client/v1/register", {
    headers: device(fingerprint),
    form: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).token as string;
}

async function customerId(page: Page, email: string): Promise<number> {
  const response = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: `{"q":"${email}"}` })}`,
  );
  const rows = await response.json();
  return rows.find((row: { email: string; status: string }) => row.email === email && row.status !== "closed").id;
}

test("setup: an API client, an operations and a compliance colleague", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  const made = await created(page.request, "/api/admin/clients", {
    name: CLIENT_NAME,
    allowed_origins: ["https://app.example.com"],
  });
  Object.assign(client, { id: made.client_id, secret: made.client_secret });
  for (const role of ["operations", "compliance"] as const) {
    const staff = await created(page.request, "/api/admin/staff", {
      email: colleagues[role].email,
      name: `Daily ${role}`,
      role,
    });
    Object.assign(colleagues[role], { password: staff.password, id: staff.id });
  }
});

test("operations' dashboard: the clients' calls and last use, the outbox's days, reference data changed lately", async ({
  page,
}) => {
  for (let call = 0; call < 3; call++) {
    expect((await page.request.get("/client/v1/settings", { headers: device("daily-dashboard") })).status()).toBe(200);
  }
  // A registration queues a verification e-mail that no provider will send.
  await register(page.request, `daily.dashboard.${stamp}@example.org`);

  await signIn(page, colleagues.operations);
  // A change of reference data, made on its screen.
  await page.goto("/admin#/countries");
  await page.getByPlaceholder("Name or ISO code").fill("ISL");
  const iceland = page.getByLabel("Iceland is a source country");
  await iceland.click();
  await expect(page.getByText(/Iceland is (now|no longer) a source country/)).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByTestId("warning-pending_emails")).toHaveText("Not sent: no e-mail provider configured");
  const clients = page.getByTestId("api-clients-use");
  const row = clients.getByRole("row").filter({ hasText: CLIENT_NAME });
  await expect(row.getByRole("cell").nth(1)).toHaveText(/\d{2}:\d{2} [A-Z]+/);
  // The first call is written at once; the next ones within the minute wait for the next write.
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  const calls = page.getByTestId("chart-api-calls");
  await expect(calls.locator(".recharts-legend-item-text", { hasText: CLIENT_NAME })).toBeVisible();
  await expect(calls.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  const emails = page.getByTestId("chart-emails");
  await expect(emails.getByText("e-mails are queued, never sent")).toBeVisible();
  for (const series of ["Queued", "Sent", "Failed"]) {
    await expect(emails.locator(".recharts-legend-item-text", { hasText: series })).toBeVisible();
  }
  const changes = page.getByTestId("reference-changes");
  const change = changes.getByRole("row").filter({ hasText: "Iceland" }).first();
  await expect(change).toContainText("Countries: Iceland");
  await expect(change).toContainText("Changed: Source country");
  await expect(change).toContainText("Daily operations");
  await screenshot(page, "dashboard-operations");
  await change.getByRole("link", { name: "Iceland" }).click();
  await expect(page).toHaveURL(/#\/countries\/\d+$/);
});

test("compliance's customer page: details beside the history, events to the second with their addresses, closed accounts marked", async ({
  page,
}) => {
  // A customer asks to change address, then closes the account; a new account takes its address.
  const token = await register(page.request, FIRST_ADDRESS);
  const bearer = { ...device(`daily-phone-${stamp}`), Authorization: `Bearer ${token}` };
  const failed = await page.request.post("/client/v1/login", {
    headers: device(`daily-phone-${stamp}`),
    form: { email: FIRST_ADDRESS, password: "not the password" },
  });
  expect(failed.status()).toBe(401);
  const asked = await page.request.post("/client/v1/change-email", {
    headers: bearer,
    form: { email: ASKED_ADDRESS, password: PASSWORD, email_verification_url: "https://app.example.com/verify/:token" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const closed = await page.request.post("/client/v1/close-account", { headers: bearer, form: { password: PASSWORD } });
  expect(closed.status(), await closed.text()).toBe(200);
  await register(page.request, FIRST_ADDRESS);

  await signIn(page, colleagues.compliance);
  const newId = await customerId(page, FIRST_ADDRESS);
  await page.goto(`/admin#/customers/${newId}/show`);
  const linked = page.getByRole("region", { name: "Linked accounts" });
  const closedRow = linked.getByRole("row").filter({ hasText: FIRST_ADDRESS });
  await expect(closedRow.getByTestId("linked-status")).toHaveText(SECONDS);
  await expect(closedRow.getByTestId("linked-status")).toContainText("Closed");
  await screenshot(page, "customer-new-account");

  await closedRow.getByRole("link", { name: FIRST_ADDRESS }).click();
  await expect(page.getByTestId("closed-notice")).toContainText(`Its last address, ${FIRST_ADDRESS}, was freed`);
  const history = page.getByTestId("customer-history");
  await expect(history.getByText("Registration")).toBeVisible();
  await expect(history.getByText("Account closed")).toBeVisible();
  await expect(history.getByTestId("email-change")).toHaveText(`${FIRST_ADDRESS} → ${ASKED_ADDRESS}`);
  // Beside the details, not under them.
  const details = await page.getByTestId("customer-details").boundingBox();
  const aside = await history.boundingBox();
  expect(aside && details && aside.x > details.x + details.width).toBe(true);

  expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing wider than the window").toBe(1440);
  const events = page.getByRole("table").filter({ hasText: "Outcome" });
  const changeRow = events.getByRole("row").filter({ hasText: "E-mail change requested" });
  await expect(changeRow).toContainText(`${FIRST_ADDRESS} → ${ASKED_ADDRESS}`);
  await expect(changeRow).toContainText("Succeeded");
  await expect(changeRow.getByRole("cell").first()).toHaveText(SECONDS);
  await expect(events.getByRole("row").filter({ hasText: "Failed login" })).toContainText("Failed");
  await expect(events.getByRole("cell", { name: "success", exact: true })).toHaveCount(0);
  await screenshot(page, "customer-closed-account");
});

test("the user menu's dialogs close the menu; a refusal by the server is said once, under its field", async ({
  page,
}) => {
  await signIn(page, colleagues.compliance);
  // By its id, not its role: the sidebar is a menu too, and a dialog hides the rest from roles.
  const userMenu = page.locator("#menu-appbar");
  for (const item of ["Change password", "Set up two-factor sign-in"]) {
    await page.getByRole("button", { name: "Profile" }).click();
    await expect(userMenu).toBeVisible();
    await page.getByRole("menuitem", { name: item }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(userMenu).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(userMenu).toHaveCount(0);
  }

  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.locator("input[name=current_password]").fill("not my password");
  await dialog.locator("input[name=password]").fill("a new passphrase 9");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByText("The current password is incorrect")).toBeVisible();
  await expect(page.getByText("The form is not valid")).toHaveCount(0);
  await screenshot(page, "server-refusal");
});

test("staff edit: the e-mail labelled, two-factor in words, and the toast says what was saved", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  await page.goto(`/admin#/staff/${colleagues.operations.id}`);
  await expect(page.getByText("E-mail", { exact: true })).toBeVisible();
  await expect(page.getByText(colleagues.operations.email, { exact: true })).toBeVisible();
  await expect(page.getByText("Not set up")).toBeVisible();
  await expect(page.getByTestId("false")).toHaveCount(0);
  await screenshot(page, "staff-edit");
  await page.locator("input[name=name]").fill("Daily operations, renamed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Staff member updated")).toBeVisible();
});

test("a page the role may not use, opened by URL, says so without asking the server for its data", async ({ page }) => {
  await signIn(page, colleagues.operations);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/admin\/(staff|customers|audit-log)/.test(request.url())) asked.push(request.url());
  });
  for (const path of ["#/staff", "#/customers/1/show", "#/audit-log", `#/staff/${colleagues.operations.id}`]) {
    await page.goto(`/admin${path}`);
    await expect(page.getByText("Access denied")).toBeVisible();
  }
  expect(asked).toEqual([]);
});

test("the day filter reads as every date does; the audit log's values are in words", async ({ page }) => {
  await signIn(page, colleagues.compliance);
  await page.goto("/admin#/customers");
  await page.getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Registered from" }).click();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("Registered from (day)").fill(today);
  const inWords = new Date().toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(page.getByRole("textbox", { name: "Registered from", exact: true })).toHaveValue(inWords);
  await expect(page).toHaveURL(new RegExp(`created_gte[^&]*${today}`));
  await expect(page.getByRole("cell", { name: FIRST_ADDRESS }).first()).toBeVisible();
  await screenshot(page, "customers-day-filter");

  const id = await customerId(page, FIRST_ADDRESS);
  const blocked = await page.request.post(`/api/admin/customers/${id}/block`, { data: { reason: "Daily check" } });
  expect(blocked.status()).toBe(200);
  await page.goto(
    `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify({ resource: "customers", resource_id: String(id), action: "block" }) })}`,
  );
  await page.getByRole("cell", { name: "Blocked", exact: true }).first().click();
  // The innermost row: the expanded entry's own row holds the whole table of changes.
  const status = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Status", exact: true }) })
    .last();
  await expect(status.getByRole("cell")).toHaveText(["Status", "Active", "Blocked"]);
  await screenshot(page, "audit-log-in-words");
  await signOut(page);
});
