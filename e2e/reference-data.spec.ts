import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * Safer reference data in the back office (issue 16): a country's codes shown but not editable,
 * an API client form that will not save without a valid origin and names a bad one, time zones
 * with their UTC offset and a bulk switch; pages titled in words, timestamps with their zone.
 * Issue 30: the offsets on screen are the server's, the ones the apps get; deleting is on the edit page.
 */

/** The UTC offsets the apps get now, by zone: GET /client/v1/settings with a client made for it. */
async function apiOffsets(page: Page): Promise<Map<string, string>> {
  const created = await page.request.post("/api/admin/clients", {
    data: { name: `Offsets ${Date.now()}`, allowed_origins: ["https://offsets.example.com"] },
  });
  expect(created.status()).toBe(201);
  const { client_id, client_secret } = await created.json();
  const answer = await page.request.get("/client/v1/settings", {
    headers: { "X-Client-ID": client_id, "X-Client-Secret": client_secret },
  });
  const { settings } = await answer.json();
  return new Map(settings.timezones.map((zone: { id: string; offset: string }) => [zone.id, zone.offset]));
}

async function countryId(page: Page, alpha2: string): Promise<number> {
  const filter = encodeURIComponent(JSON.stringify({ q: alpha2 }));
  const rows: { id: number; iso_code_alpha2: string }[] = await (
    await page.request.get(`/api/admin/countries?filter=${filter}`)
  ).json();
  return rows.find((row) => row.iso_code_alpha2 === alpha2)!.id;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
});

test("a country's ISO codes, FIPS code and slug are shown read-only, even to an admin", async ({ page }) => {
  await page.goto(`/admin#/countries/${await countryId(page, "PL")}`);
  await expect(page.locator("#react-admin-title")).toHaveText("Edit country Poland");
  await expect(page).toHaveTitle(/^Edit country Poland · .+ back office$/);
  for (const [name, value] of [
    ["iso_code_alpha2", "PL"],
    ["iso_code_alpha3", "POL"],
    ["slug", "poland"],
  ]) {
    const input = page.locator(`input[name=${name}]`);
    await expect(input).toHaveValue(value);
    await expect(input).toHaveAttribute("readonly", "");
  }
  await expect(page.locator("input[name=fips_code]")).toHaveAttribute("readonly", "");
  await expect(page.locator("input[name=known_name]")).not.toHaveAttribute("readonly", "");
  await expect(page.getByText("are not edited here: other systems key on them")).toBeVisible();
});

test("a time zone is deleted from its edit page, after a confirmation", async ({ page }) => {
  await page.goto(`/admin#/timezones/${encodeURIComponent("Pacific/Chuuk")}`);
  await expect(page.locator("input[name=id]")).toHaveValue("Pacific/Chuuk");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/#\/timezones$/);
  await expect
    .poll(async () => (await page.request.get(`/api/admin/timezones/${encodeURIComponent("Pacific/Chuuk")}`)).status())
    .toBe(404);
});

test("the API client form refuses a client without an origin, names a bad one, then shows id and secret", async ({
  page,
}) => {
  await page.goto("/admin#/clients/create");
  await expect(page).toHaveTitle(/^New API client · .+ back office$/);
  await page.locator("input[name=name]").fill("Origin app");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Add at least one allowed origin/)).toBeVisible();

  const origins = page.getByLabel("Allowed origins");
  await origins.fill("htp:/x");
  await origins.press("Enter");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("“htp:/x” is not a valid origin", { exact: false })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  const none = await (
    await page.request.get(`/api/admin/clients?filter=${encodeURIComponent('{"q":"Origin app"}')}`)
  ).json();
  expect(none).toEqual([]);

  await origins.press("Backspace");
  await origins.fill("https://origin.example.com");
  await origins.press("Enter");

  // The server's own refusal lands on the field too: the request is altered past the form's check.
  await page.route("**/api/admin/clients", (route) =>
    route.continue({
      postData: JSON.stringify({
        ...route.request().postDataJSON(),
        allowed_origins: ["https://ok.example.com", "htp:/y"],
      }),
    }),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("“htp:/y” is not a valid origin", { exact: false })).toBeVisible();
  await page.unroute("**/api/admin/clients");

  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: "Client secret for Origin app" });
  await expect(dialog.getByTestId("identifier-value")).toHaveValue(/^cli_[0-9a-f]{24}$/);
  await expect(dialog.getByTestId("secret-value")).toHaveValue(/^sec_/);
  await expect(dialog.getByRole("button", { name: "Copy client id" })).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.locator("#react-admin-title")).toHaveText("Origin app");
});

test("time zones show the server's UTC offsets, the apps' ones, and switch on and off in bulk", async ({ page }) => {
  const offsets = await apiOffsets(page);
  // British Columbia and Alberta changed their rules in 2026: the browser's own tz data may not know.
  for (const zone of ["America/Vancouver", "America/Edmonton"]) {
    await page.goto(`/admin#/timezones?filter=${encodeURIComponent(JSON.stringify({ q: zone }))}`);
    const row = page.getByRole("row").filter({ hasText: zone });
    await expect(row.getByRole("cell", { name: `UTC${offsets.get(zone)}`, exact: true })).toBeVisible();
  }
  if (Date.now() >= Date.parse("2026-11-01T09:00:00Z")) {
    expect([offsets.get("America/Vancouver"), offsets.get("America/Edmonton")]).toEqual(["-07:00", "-06:00"]);
  }
  // Every row of a page against the API, not a sample.
  await page.goto(`/admin#/timezones?filter=${encodeURIComponent('{"q":"America/"}')}`);
  await expect(page).toHaveTitle(/^Time zones · .+ back office$/);
  await expect(page.locator("tbody tr")).toHaveCount(50);
  const shown = await page
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")));
  for (const cells of shown) {
    const zone = cells.find((text) => text.startsWith("America/"))!;
    expect(cells, zone).toContain(`UTC${offsets.get(zone)}`);
  }
  // Deleting is on the edit page only.
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  await page.goto(`/admin#/timezones?filter=${encodeURIComponent('{"q":"Europe/B"}')}`);
  const berlin = page.getByRole("row").filter({ hasText: "Europe/Berlin" });
  await expect(berlin.getByRole("cell", { name: `UTC${offsets.get("Europe/Berlin")}`, exact: true })).toBeVisible();
  await expect(berlin.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \S+$/);

  const rows = page.locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(3);
  const switchAll = async (action: "Enable" | "Disable") => {
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.locator("[data-test=bulk-actions-toolbar]").getByRole("button", { name: action, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `${action} ${count} time zones?` });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm).toBeHidden();
  };
  const enabledFlags = async () => {
    const filter = encodeURIComponent('{"q":"Europe/B"}');
    const zones: { enabled: boolean }[] = await (
      await page.request.get(`/api/admin/timezones?filter=${filter}`)
    ).json();
    return zones.map((zone) => zone.enabled);
  };

  await switchAll("Disable");
  await expect.poll(enabledFlags).toEqual(Array(count).fill(false));
  await switchAll("Enable");
  await expect.poll(enabledFlags).toEqual(Array(count).fill(true));
});
