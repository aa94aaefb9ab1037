import fs from "node:fs/promises";
import { expect, screenshot, signIn, signOut, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * Export data on a customer's page (issue 28): compliance asks for it with a reason, the page POSTs
 * it (never a link: issue 36) and the browser saves a JSON file named for the customer and the day,
 * holding the customer's data; the audit log keeps the reason. Operations see no such button. Its own colleagues, API client and customer.
 */
test.describe.configure({ mode: "serial" });

const COMPLIANCE = { email: "exa.export@example.com", password: "" };
const OPERATIONS = { email: "otto.export@example.com", password: "" };
const CUSTOMER = { email: "export.customer@example.org", id: 0 };
const REASON = "Subject access request received by post";

test("the admin sets up a compliance and an operations colleague and a customer", async ({ page, request }) => {
  await signIn(page, FIRST_ADMIN);
  for (const [member, role, name] of [
    [COMPLIANCE, "compliance", "Exa Export"],
    [OPERATIONS, "operations", "Otto Export"],
  ] as const) {
    const created = await page.request.post("/api/admin/staff", { data: { email: member.email, name, role } });
    expect(created.status()).toBe(201);
    member.password = (await created.json()).password;
  }
  const created = await page.request.post("/api/admin/clients", {
    data: { name: "Export app", allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const client = await created.json();
  const registered = await request.post("/client/v1/register", {
    headers: { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret },
    form: {
      email: CUSTOMER.email,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  const found = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: CUSTOMER.email }) })}`,
  );
  CUSTOMER.id = (await found.json())[0].id;
});

test("compliance exports a customer's data with a reason: the browser saves the JSON file, the audit log keeps the reason", async ({
  page,
}) => {
  await signIn(page, COMPLIANCE);
  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  await expect(page.getByText(CUSTOMER.email).first()).toBeVisible();

  await page.getByRole("button", { name: "Export data", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export data" });
  await expect(dialog.getByRole("button", { name: "Export data" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill(REASON);
  const saving = page.waitForEvent("download");
  const posted = page.waitForResponse((response) =>
    response.url().endsWith(`/api/admin/customers/${CUSTOMER.id}/export`),
  );
  await dialog.getByRole("button", { name: "Export data" }).click();
  const download = await saving;
  expect((await posted).request().method()).toBe("POST");
  expect((await posted).request().postDataJSON()).toEqual({ reason: REASON });
  await expect(dialog).toBeHidden();

  const day = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`customer-${CUSTOMER.id}-${day}.json`);
  const document = JSON.parse(await fs.readFile(await download.path(), "utf8"));
  expect(document.account.email).toBe(CUSTOMER.email);
  expect(document.account.id).toBe(CUSTOMER.id);
  expect(document.events.map((event: { type: string }) => event.type)).toContain("register");
  await expect(page.getByText(`Saved customer-${CUSTOMER.id}-${day}.json`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("cell", { name: "Data exported (subject access)" }).first()).toBeVisible();
  await screenshot(page, "customer-data-exported");

  await page.goto(
    `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify({ resource: "customers", resource_id: String(CUSTOMER.id), action: "export_data" }) })}`,
  );
  await page.getByRole("row").nth(1).click();
  await expect(page.getByText(REASON)).toBeVisible();
  await signOut(page);
});

test("operations see no Export data button", async ({ page }) => {
  await signIn(page, OPERATIONS);
  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  await expect(page.getByRole("button", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export data" })).toHaveCount(0);
  const asked = await page.request.post(`/api/admin/customers/${CUSTOMER.id}/export`, { data: { reason: "curious" } });
  expect(asked.status()).toBe(403);
});
