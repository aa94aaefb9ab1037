import { expect, signIn, test } from "./support";
import { FIRST_ADMIN } from "./accounts";
import { LISTED_NAME } from "./seed-screening-list";
import { submittedCustomer } from "./submitted-customer";

/**
 * Screening → Matches (issue 41): a customer who submits a profile with a listed person's name is
 * screened; the admin finds the possible match in the queue, sees the customer and the listed person
 * side by side, and decides it a false positive with a reason. Its own API client and customer
 * (e2e/submitted-customer.ts); the list is e2e/seed-screening-list.ts's.
 */
test("a possible match is decided in the review queue", async ({ page, request }) => {
  // The sign-in enrols two-factor, and screening runs every 2 s in the background: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  await signIn(page, FIRST_ADMIN);
  const [given, family] = LISTED_NAME.split(" ");
  await submittedCustomer(page, request, {
    email: "screened.customer@example.org",
    given_names: given,
    family_name: family,
    date_of_birth: "1985-02-03",
  });

  await page.goto("/admin#/screening/matches");
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: LISTED_NAME }) })
    .first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await row.click();

  const customer = page.getByRole("table", { name: "Customer" });
  const listed = page.getByRole("table", { name: "Listed person" });
  await expect(customer).toContainText("1985-02-03");
  await expect(listed).toContainText("1985");
  await expect(listed).toContainText("VENEZUELA-EO13850");
  await expect(listed).toContainText("e2e-sanctions, version 1");
  await page.screenshot({ path: test.info().outputPath("screening-match.png"), fullPage: true });

  await page.getByRole("button", { name: "False positive" }).click();
  const dialog = page.getByRole("dialog", { name: "False positive" });
  await expect(dialog.getByRole("button", { name: "False positive" })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill("Same name and birth year, a different person: passport seen");
  await dialog.getByRole("button", { name: "False positive" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("False positive: recorded")).toBeVisible();
  await expect(page.getByText("Reason: Same name and birth year, a different person: passport seen")).toBeVisible();
  await expect(page.getByRole("button", { name: "True match" })).toHaveCount(0);
});
