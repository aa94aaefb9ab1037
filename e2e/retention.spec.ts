import { expect, signIn, test, signOut, screenshot } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * Retention on the dashboard (issue 28): the server's daily run, claimed as it started, shown to an
 * admin with its trigger, cutoff and counts and the day of the next; operations see no card.
 */
test.describe.configure({ mode: "serial" });

const operations = { email: `retention.ops.${Date.now()}@example.com`, password: "" };

test("the admin's dashboard shows retention's daily run and the next one; operations do not see it", async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN);
  const status = await (await page.request.get("/api/admin/retention")).json();
  const scheduled = status.runs.find((run: { trigger: string }) => run.trigger === "schedule");
  expect(scheduled, JSON.stringify(status)).toBeTruthy();
  const created = await page.request.post("/api/admin/staff", {
    data: { email: operations.email, name: "Retention operations", role: "operations" },
  });
  expect(created.status()).toBe(201);
  operations.password = (await created.json()).password;

  await page.goto("/admin");
  const card = page.getByTestId("retention");
  await expect(card.getByRole("heading", { name: "Retention" })).toBeVisible();
  await expect(card.getByText("pseudonymised 5 years after they closed")).toBeVisible();
  const tomorrow = new Date(`${status.next_scheduled_day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(card.getByTestId("retention-next")).toHaveText(tomorrow);
  const row = card.getByTestId(`retention-run-${scheduled.id}`);
  await expect(row.getByRole("cell", { name: "Daily schedule" })).toBeVisible();
  // Pseudonymised, held, events stripped: a new server's database has nothing five years old.
  await expect(row.getByRole("cell", { name: "0", exact: true })).toHaveCount(3);
  await screenshot(page, "dashboard-retention");
  await signOut(page);

  await signIn(page, operations);
  await expect(page.getByTestId("count-pending_emails")).toBeVisible();
  await expect(page.getByTestId("retention")).toHaveCount(0);
});
