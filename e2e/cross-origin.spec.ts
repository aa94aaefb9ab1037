import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, Response } from "@playwright/test";
import { FIRST_ADMIN } from "./accounts";
import { expect, signIn, test } from "./support";

/**
 * Cross-site request forgery, as a browser performs it: the admin is signed in, then opens a page
 * of another origin of the same site (another port of 127.0.0.1, so the SameSite=Lax session
 * cookie goes along with its requests) that tries to create an administrator, or to export a
 * customer's data with a reason of its choosing (a link, a form). The back office's own writes,
 * from its own pages, still work.
 */
test.describe.configure({ mode: "serial" });

const app = `http://127.0.0.1:${process.env.E2E_PORT}`;
const FORGED = "forged.admin";
const FORGED_REASON = "forged by another origin";
/** The customer whose export the attacker's pages ask for, set once registered. */
let exportPath = "";

/**
 * The attacker's pages: a form that submits itself, the same as text/plain, and a no-cors fetch;
 * a link to a customer's export, followed, and a form that posts one.
 */
const attacks: Record<string, () => string> = {
  "/form": () => `<form method="POST" action="${app}/api/admin/staff">
      <input name="email" value="${FORGED}.form@example.com"><input name="name" value="Forged"><input name="role" value="admin">
    </form>
    <script>document.forms[0].submit()</script>`,
  "/text-plain": () => `<form method="POST" action="${app}/api/admin/staff" enctype="text/plain">
      <input name='{"email":"${FORGED}.text@example.com","name":"Forged","role":"admin","padding":"' value='"}'>
    </form>
    <script>document.forms[0].submit()</script>`,
  "/fetch": () => `<script>
      fetch("${app}/api/admin/staff", {
        method: "POST",
        mode: "no-cors",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "${FORGED}.fetch@example.com", name: "Forged", role: "admin" }),
      }).finally(() => (document.title = "sent"));
    </script>`,
  "/export-link": () => `<a href="${app}${exportPath}?${new URLSearchParams({ reason: FORGED_REASON })}">Your prize</a>
    <script>document.links[0].click()</script>`,
  "/export-form": () => `<form method="POST" action="${app}${exportPath}" enctype="text/plain">
      <input name='{"reason":"${FORGED_REASON}","padding":"' value='"}'>
    </form>
    <script>document.forms[0].submit()</script>`,
};

let attacker: http.Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  attacker = http.createServer((request, response) => {
    const page = attacks[request.url ?? ""]?.();
    response.writeHead(page ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    response.end(page ? `<!doctype html><title>attacker</title>${page}` : "");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

/** The answer to the forged request to `target` (the staff list by default), once the attacker's page has sent it. */
async function forgedRequest(
  page: Page,
  path: string,
  target = "/api/admin/staff",
  method = "POST",
): Promise<Response> {
  const answered = page.waitForResponse(
    (response) => response.url().split("?")[0] === `${app}${target}` && response.request().method() === method,
  );
  await page.goto(`${attackerOrigin}${path}`);
  return answered;
}

test("a page of another origin of the same site cannot create an administrator", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  for (const path of ["/form", "/text-plain"]) {
    const response = await forgedRequest(page, path);
    const sent = await response.request().allHeaders();
    expect(sent.cookie, `${path}: the session cookie went along`).toContain("next-auth.session-token=");
    expect(sent.origin, path).toBe(attackerOrigin);
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toEqual({
      code: 403,
      type: "permission_error",
      message: "Cross-origin request refused",
    });
  }
  // The answer to a no-cors fetch is opaque to the page, and Chromium reports neither its body nor its cookies here.
  expect((await forgedRequest(page, "/fetch")).status()).toBe(403);

  await page.goto("/admin");
  const query = new URLSearchParams({ filter: JSON.stringify({ q: FORGED }), range: "[0,99]" });
  const staff = await page.request.get(`/api/admin/staff?${query}`);
  expect(staff.status()).toBe(200);
  expect(await staff.json()).toEqual([]);
});

test("a page of another origin cannot make an admin's browser export a customer: no file, no audit entry", async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ADMIN);
  const client = await page.request.post("/api/admin/clients", {
    data: { name: "Forged export app", allowed_origins: ["https://app.example.com"] },
  });
  expect(client.status()).toBe(201);
  const { client_id, client_secret } = await client.json();
  const email = `forged.export.${Date.now()}@example.org`;
  const registered = await request.post("/client/v1/register", {
    headers: { "X-Client-ID": client_id, "X-Client-Secret": client_secret },
    form: {
      email,
      password: "customer password 1",
      confirm_password: "customer password 1",
      email_verification_url: "https://app.example.com/verify/:token",
    },
  });
  expect(registered.status()).toBe(201);
  const found = await page.request.get(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: email }) })}`,
  );
  const customerId = (await found.json())[0].id;
  exportPath = `/api/admin/customers/${customerId}/export`;

  const followed = await forgedRequest(page, "/export-link", exportPath, "GET");
  expect((await followed.request().allHeaders()).cookie, "the session cookie went along").toContain(
    "next-auth.session-token=",
  );
  expect(followed.status(), "a link exports nothing").toBe(405);
  const posted = await forgedRequest(page, "/export-form", exportPath);
  expect(posted.status(), "a form from another origin is refused").toBe(403);

  await page.goto("/admin");
  const filter = { resource: "customers", resource_id: String(customerId), action: "export_data" };
  const audit = await page.request.get(
    `/api/admin/audit-log?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
  );
  expect(audit.status()).toBe(200);
  expect(await audit.json()).toEqual([]);
});

test("the back office's own writes pass: a record deleted, a secret rotated", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  const locale = await page.request.post("/api/admin/locales", {
    data: { id: "it_IT", label: "Italiano (Italia)", position: 500 },
  });
  expect(locale.status()).toBe(201);
  const client = await page.request.post("/api/admin/clients", {
    data: { name: "Rotated app", allowed_origins: ["https://rotated.example.com"] },
  });
  expect(client.status()).toBe(201);
  const { id: clientId, client_secret: firstSecret } = await client.json();

  // Deleting is on the edit page only.
  await page.goto("/admin#/locales/it_IT");
  await expect(page.locator("input[name=id]")).toHaveValue("it_IT");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Locale deleted")).toBeVisible();
  expect((await page.request.get("/api/admin/locales/it_IT")).status()).toBe(404);

  await page.goto(`/admin#/clients/${clientId}`);
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  const dialog = page.getByRole("dialog", { name: "New client secret for Rotated app" });
  await expect(dialog).toBeVisible();
  const newSecret = await dialog.getByTestId("secret-value").inputValue();
  expect(newSecret).toMatch(/^sec_/);
  expect(newSecret).not.toBe(firstSecret);
});
