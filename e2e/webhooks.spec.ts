import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, screenshot, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * Webhooks in the back office (issue 27): on an API client's page the admin adds an endpoint, sees
 * its signing secret once, sends a test event that a receiver on a loopback port verifies with the
 * standardwebhooks package (e2e/serve.ts allows private targets), reads its deliveries with each
 * attempt, and replays one: the same webhook-id arrives again. The form says which targets this
 * server accepts and offers "All events"; the deliveries show the body sent and each attempt under
 * headings of its own (issue 37). At 1440 px, as staff use it.
 */
type Received = { headers: Record<string, string>; body: string };
const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200, { "Content-Type": "text/plain" }).end("thanks");
  });
});

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

test("the admin adds a webhook endpoint, sees its secret once, and reads and replays its deliveries", async ({
  page,
}) => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await signIn(page, FIRST_ADMIN);
  await page.goto("/admin#/clients/create");
  await page.locator("input[name=name]").fill("Backend hooks");
  const origins = page.getByLabel("Allowed origins");
  await origins.fill("https://hooks.example.com");
  await origins.press("Enter");
  await page.getByRole("button", { name: "Save" }).click();
  await page
    .getByRole("dialog", { name: "Client secret for Backend hooks" })
    .getByRole("button", { name: "Done" })
    .click();

  const webhooks = page.getByRole("region", { name: "Webhooks" });
  await expect(webhooks.getByText("No endpoints.")).toBeVisible();
  await webhooks.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("dialog", { name: "New webhook endpoint" });
  // e2e/serve.ts allows private targets, and the help says so.
  await expect(form.getByText(/private and loopback targets are allowed on this server/)).toBeVisible();
  const all = form.getByLabel("All events listed here");
  await all.check();
  await expect(form.getByLabel("customer.closed")).toBeChecked();
  await expect(form.getByLabel("customer.registered")).toBeChecked();
  await all.uncheck();
  await expect(form.getByLabel("customer.registered")).not.toBeChecked();
  await form.getByLabel("URL").fill("https://exa\u0007mple.com/");
  await form.getByLabel("customer.registered").check();
  await expect(all).toHaveAttribute("data-indeterminate", "true");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("URL must not contain control characters")).toBeVisible();
  await form.getByLabel("URL").fill(url);
  await form.getByRole("button", { name: "Save" }).click();

  const secretDialog = page.getByRole("dialog", { name: `Signing secret for ${url}` });
  await expect(secretDialog).toBeVisible();
  const secret = await secretDialog.getByTestId("secret-value").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await screenshot(page, "webhook-secret-once");
  await secretDialog.getByRole("button", { name: "Done" }).click();
  await expect(secretDialog).toBeHidden();

  await page.reload();
  const endpoint = page.getByTestId("webhook-endpoint");
  await expect(endpoint).toContainText(url);
  await expect(endpoint).toContainText("customer.registered");
  await expect(endpoint).toContainText("Enabled");
  expect(await page.content()).not.toContain(secret.slice(6));

  await endpoint.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued")).toBeVisible();
  await expect.poll(() => received.length).toBe(1);
  const [first] = received;
  expect((new Webhook(secret).verify(first.body, first.headers) as { type: string }).type).toBe("webhook.test");

  await endpoint.getByRole("button", { name: "Deliveries" }).click();
  const deliveries = page.getByRole("dialog", { name: `Deliveries to ${url}` });
  const delivery = deliveries.getByTestId("delivery");
  await expect(async () => {
    await deliveries.getByRole("button", { name: "Refresh" }).click();
    await expect(delivery).toContainText("Delivered", { timeout: 1000 });
  }).toPass();
  await expect(delivery).toContainText("webhook.test");
  await expect(delivery).toContainText(first.headers["webhook-id"]);
  await expect(deliveries.getByTestId("attempt")).toContainText("Delivered 200");
  await expect(deliveries.getByTestId("attempt")).toContainText("thanks");
  const attempts = deliveries.getByRole("table", { name: `Attempts of ${first.headers["webhook-id"]}` });
  for (const heading of ["Attempted", "Outcome", "Duration", "Answer (first 1 KB)"]) {
    await expect(attempts.getByRole("columnheader", { name: heading })).toBeVisible();
  }
  await expect(deliveries.getByTestId("delivery-body")).toContainText('"type": "webhook.test"');
  expect(JSON.parse((await deliveries.getByTestId("delivery-body").textContent()) ?? "")).toEqual(
    JSON.parse(first.body),
  );
  await screenshot(page, "webhook-deliveries");

  await delivery.getByRole("button", { name: "Replay" }).click();
  await expect(page.getByText("The delivery is sent again")).toBeVisible();
  await expect.poll(() => received.length).toBe(2);
  expect(received[1].headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  await expect(async () => {
    await deliveries.getByRole("button", { name: "Refresh" }).click();
    await expect(deliveries.getByTestId("attempt")).toHaveCount(2, { timeout: 1000 });
  }).toPass();
});
