/**
 * The API reference (/client/v1/docs) in Chromium: it draws the operations of the OpenAPI document,
 * and no request leaves for another host. Redoc's sidebar names one image on its makers' CDN (their
 * logo); the page's policy refuses it before any request is made, and that is the one refusal allowed.
 */
import { expect, test } from "@playwright/test";

const REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

test("the API reference draws every operation, and nothing is asked of another host", async ({ page, baseURL }) => {
  const server = new URL(baseURL!).host;
  const elsewhere: string[] = [];
  const asked: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "blob:" || url.protocol === "data:" || url.host === server) {
      asked.push(url.pathname);
      return route.continue();
    }
    elsewhere.push(url.href);
    return route.abort();
  });
  const refused: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`policy violation: ${event.effectiveDirective} ${event.blockedURI}`),
    ),
  );
  page.on("console", (message) => {
    if (message.text().startsWith("policy violation:")) refused.push(message.text());
  });

  // The document first: its first request builds it on the server, which is then not part of the
  // page's own wait below.
  const description = await (await page.request.get("/client/v1/openapi.json")).json();
  await page.goto("/client/v1/docs");
  const summaries = Object.values(description.paths as Record<string, Record<string, { summary: string }>>)
    .flatMap((methods) => Object.entries(methods).filter(([method]) => method !== "head"))
    .map(([, operation]) => operation.summary);
  expect(summaries.length).toBeGreaterThan(10);
  // Redoc parses the whole document before it draws anything: 1.3 s on a quiet machine, past the
  // usual 10 s in a CI run whose other passes load both cores (stop 46 failed here). A guard against
  // a page that never draws, not a speed target.
  await expect(page.getByRole("heading", { name: description.info.title })).toBeVisible({ timeout: 60_000 });
  // An operation's heading is its summary, beside a link to itself.
  const operation = (summary: string) => page.locator("h2").getByText(summary, { exact: true }).first();
  for (const summary of summaries) await expect(operation(summary)).toBeAttached();
  await operation("This document as a page to read").scrollIntoViewIfNeeded();
  await expect(operation("This document as a page to read")).toBeVisible();

  // Search runs in a worker made from a blob, within the policy.
  await page.getByPlaceholder("Search...").fill("settings");
  await expect(page.locator('[data-role="search:results"]')).toContainText("Business settings");

  expect(elsewhere).toEqual([]);
  expect(asked).toEqual(expect.arrayContaining(["/client/v1/docs", "/client/v1/openapi.json"]));
  expect([...new Set(refused)]).toEqual([`policy violation: img-src ${REDOCLY_LOGO}`]);
});
