import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, screenshot, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";
import { submittedCustomer } from "./submitted-customer";

/**
 * Screening → Lists (issue 41): a compliance officer uploads OFAC's files (the project's fixture)
 * through the page and sees the new version and its counts, the submit held while the upload runs;
 * uploads a broken file, a bad list name and a bad file name and reads each refusal, the version in
 * force unchanged; watches the re-screen of the customers (one of them this spec's own, with a
 * submitted profile) reach done without reloading. Operations staff get no menu entry and the API
 * refuses them. Its own colleagues and customer; the list e2e/seed-screening-list.ts wrote is there too.
 */
test.describe.configure({ mode: "serial" });

const FIXTURES = path.join(import.meta.dirname, "../test/fixtures/screening");
const OFFICER = { email: "lee.lists@example.com", name: "Lee Lists", password: "" };
const OPERATOR = { email: "ola.lists@example.com", name: "Ola Lists", password: "" };
const OFAC = "OFAC SDN (SDN.CSV, ALT.CSV, ADD.CSV)";
const UN = "UN Security Council consolidated list (XML)";

const listRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

/** Opens the upload, picks `format`, names the list (empty: the format's own name) and chooses `files`. */
async function prepareUpload(
  page: Page,
  format: string,
  list: string,
  files: Parameters<Locator["setInputFiles"]>[0],
): Promise<Locator> {
  await page.getByRole("button", { name: "Upload a list" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload a list" });
  await dialog.getByRole("combobox", { name: "Format" }).click();
  await page.getByRole("option", { name: format, exact: true }).click();
  await dialog.getByLabel("List name").fill(list);
  await expect(dialog.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();
  await dialog.locator("input[type=file]").setInputFiles(files);
  return dialog;
}

test("the admin sets up a compliance and an operations colleague and a customer who submitted a profile", async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ADMIN);
  for (const [account, role] of [
    [OFFICER, "compliance"],
    [OPERATOR, "operations"],
  ] as const) {
    const created = await page.request.post("/api/admin/staff", {
      data: { email: account.email, name: account.name, role },
    });
    expect(created.status()).toBe(201);
    account.password = (await created.json()).password;
  }
  await submittedCustomer(page, request, {
    email: "rescreened.customer@example.org",
    given_names: "Perpetua",
    family_name: "Lindqvist",
    date_of_birth: "1990-04-05",
  });
});

test("compliance uploads OFAC's files, sees the new version and its counts, and the re-screen reach done", async ({
  page,
}) => {
  // Screening runs every 2 s in the background: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  await signIn(page, OFFICER);
  await page.getByRole("menuitem", { name: "Screening → Lists" }).click();
  await expect(page).toHaveURL(/#\/screening\/lists$/);
  await expect(listRow(page, "e2e-sanctions")).toBeVisible();

  const dialog = await prepareUpload(
    page,
    OFAC,
    "",
    ["SDN.CSV", "ALT.CSV", "ADD.CSV"].map((name) => path.join(FIXTURES, "ofac", name)),
  );
  await expect(dialog.getByText("Chosen: SDN.CSV")).toBeVisible();
  // The upload held on its way: the dialog shows it running and takes no second submit meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/admin/screening/lists/import", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  release();
  await expect(
    dialog.getByText("ofac-sdn is now at version 1: 29 added, 0 changed, 0 removed (29 people listed)."),
  ).toBeVisible();
  await page.unroute("**/api/admin/screening/lists/import");
  await screenshot(page, "screening-list-imported");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const row = listRow(page, "ofac-sdn");
  await expect(row).toContainText(OFAC);
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("29");
  await expect(row).toContainText("Sanctions");
  await expect(row).toContainText(OFFICER.email);

  // The page reads the re-screens again by itself until the run of the new version is done.
  const rescreens = page.getByRole("region", { name: "Re-screens" });
  const run = rescreens.getByRole("row").filter({ hasText: "ofac-sdn version 1" });
  await expect(run.getByRole("cell").nth(1)).toHaveText("Done", { timeout: 60_000 });
  // Every customer who submitted a profile, this spec's among them.
  await expect(run.getByRole("cell").nth(2)).toHaveText(/^([1-9][\d,]*) of \1$/);
  await expect(run.getByRole("cell").nth(5)).not.toHaveText("—");
  await screenshot(page, "screening-rescreen-done");
});

test("refused uploads say what is at fault, and the version in force stays", async ({ page }) => {
  await signIn(page, OFFICER);
  await page.goto("/admin#/screening/lists");
  const row = listRow(page, "ofac-sdn");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  const importedAt = await row.getByRole("cell").nth(5).textContent();

  const broken = await prepareUpload(
    page,
    OFAC,
    "",
    ["SDN.CSV", "ALT.CSV"].map((name) => path.join(FIXTURES, "broken/ofac-unclosed-quote", name)),
  );
  await broken.getByRole("button", { name: "Upload", exact: true }).click();
  const refusal = broken.getByRole("alert");
  await expect(refusal).toContainText("Not imported");
  await expect(refusal).toContainText("SDN.CSV line 5");
  await expect(refusal).toContainText("the version in force stays");
  await screenshot(page, "screening-list-refused");
  await broken.getByRole("button", { name: "Cancel" }).click();

  const badName = await prepareUpload(page, UN, "UN List", path.join(FIXTURES, "un-consolidated.xml"));
  await badName.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(badName.getByRole("alert")).toContainText(
    "List name: 1–64 lower-case letters, digits, dots, dashes or underscores.",
  );
  await badName.getByRole("button", { name: "Cancel" }).click();

  const badFile = await prepareUpload(page, UN, "", {
    name: "consolidated (1).xml",
    mimeType: "application/xml",
    buffer: Buffer.from("<CONSOLIDATED_LIST/>"),
  });
  await badFile.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(badFile.getByRole("alert")).toContainText(
    'File "consolidated (1).xml": a file\'s name is 1–100 letters, digits, dots or dashes.',
  );
  await badFile.getByRole("button", { name: "Cancel" }).click();

  await page.reload();
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(5)).toHaveText(importedAt ?? "");
  await expect(listRow(page, "un-consolidated")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Re-screens" }).getByRole("row").filter({ hasText: "ofac-sdn version 2" }),
  ).toHaveCount(0);
});

test("operations staff get no Screening → Lists entry, and the API refuses them the lists", async ({ page }) => {
  await signIn(page, OPERATOR);
  await expect(page.getByRole("menuitem", { name: "E-mail outbox" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Screening → Lists" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Screening → Matches" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/screening/lists")).status()).toBe(403);
  expect((await page.request.get("/api/admin/screening/runs")).status()).toBe(403);
  await page.goto("/admin#/screening/lists");
  await expect(page.getByText("Access denied")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload a list" })).toHaveCount(0);
});
