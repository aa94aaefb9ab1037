import type { APIRequestContext } from "@playwright/test";
import { generate } from "otplib";
import { expect, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * A customer who lost their phone (issue 26): the customer page shows two-factor on, compliance
 * resets it with a reason, the page shows it off, the account events and the audit log record it,
 * and the customer logs in with the password alone. An operations colleague may not (403).
 * Its own colleagues, API client and customer; the customer's codes are computed with otplib.
 */
test.describe.configure({ mode: "serial" });

const COMPLIANCE = { email: "cora.mfa@example.com", password: "" };
const OPERATIONS = { email: "otto.mfa@example.com", password: "" };
const CUSTOMER = { email: "lost.phone@example.org", password: "customer password 1", id: 0 };
const client = { id: "", secret: "" };
const REASON = "Lost phone; identity checked by video call";

const clientHeaders = (token?: string) => ({
  "X-Client-ID": client.id,
  "X-Client-Secret": client.secret,
  "X-Client-IP": "203.0.113.150",
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

const login = (request: APIRequestContext) =>
  request.post("/client/v1/login", {
    headers: clientHeaders(),
    form: { email: CUSTOMER.email, password: CUSTOMER.password },
  });

test("the admin sets up colleagues, an API client, and a customer with two-factor on", async ({ page, request }) => {
  await signIn(page, FIRST_ADMIN);
  for (const [member, name, role] of [
    [COMPLIANCE, "Cora Mfa", "compliance"],
    [OPERATIONS, "Otto Mfa", "operations"],
  ] as const) {
    const created = await page.request.post("/api/admin/staff", { data: { email: member.email, name, role } });
    expect(created.status()).toBe(201);
    member.password = (await created.json()).password;
  }
  const created = await page.request.post("/api/admin/clients", {
    data: { name: "Two-factor app", allowed_origins: ["https://app.example.com"] },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  Object.assign(client, { id: body.client_id, secret: body.client_secret });

  const registered = await request.post("/client/v1/register", {
    headers: clientHeaders(),
    form: {
      email: CUSTOMER.email,
      password: CUSTOMER.password,
      confirm_password: CUSTOMER.password,
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();
  const started = await request.post("/client/v1/me/mfa/totp", {
    headers: clientHeaders(token),
    form: { password: CUSTOMER.password },
  });
  expect(started.status()).toBe(200);
  const { secret } = await started.json();
  const confirmed = await request.post("/client/v1/me/mfa/totp/confirm", {
    headers: clientHeaders(token),
    form: { code: await generate({ secret }) },
  });
  expect(confirmed.status()).toBe(200);
  const refused = await login(request);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).type).toBe("mfa_required");

  const found = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: `{"q":"${CUSTOMER.email}"}` })}`,
  );
  CUSTOMER.id = (await found.json())[0].id;
});

test("operations may not reset it", async ({ page }) => {
  await signIn(page, OPERATIONS);
  const direct = await page.request.post(`/api/admin/customers/${CUSTOMER.id}/reset-mfa`, { data: { reason: "x" } });
  expect(direct.status()).toBe(403);
});

test("compliance resets the customer's two-factor with a reason: shown off, in the events and the audit log; the password alone logs in", async ({
  page,
  request,
}) => {
  await signIn(page, COMPLIANCE);
  await page.goto(`/admin#/customers/${CUSTOMER.id}/show`);
  const details = page.getByTestId("customer-details");
  await expect(details.getByText(/^On since /)).toBeVisible();

  await page.getByRole("button", { name: "Reset two-factor" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor" });
  await expect(dialog.getByRole("button", { name: "Reset two-factor" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill(REASON);
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Reset two-factor: done")).toBeVisible();
  await expect(details.getByText("Off", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Two-factor reset by staff" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("customer-mfa-reset.png"), fullPage: true });

  await page.goto(
    `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify({ resource: "customers", resource_id: String(CUSTOMER.id), action: "reset_mfa" }) })}`,
  );
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Reset the customer's two-factor", exact: true }) });
  await row.first().click();
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByText(COMPLIANCE.email).first()).toBeVisible();

  const loggedIn = await login(request);
  expect(loggedIn.status()).toBe(200);
  expect((await loggedIn.json()).token).toBeTruthy();
});
