import { expect, signIn, test, screenshot } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The audit log's list names who acted (issue 37): the first admin, made with `staff create`, by the
 * command line; the daily retention run the server starts, by the schedule; the admin's sign-in by
 * their e-mail; the expanded entry says the same. At 1440 px, with a screenshot.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const auditLog = (filter: Record<string, string>) =>
  `/admin#/audit-log?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

test("the audit log names the command line, the schedule and staff as who acted, in the list and the expanded entry", async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN);

  await page.goto(auditLog({ resource: "staff", action: "create" }));
  const created = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Created", exact: true }) });
  await expect(created.first().getByRole("cell", { name: "Command line", exact: true })).toBeVisible();

  await page.goto(auditLog({ resource: "retention", action: "retention_run" }));
  const run = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Retention run", exact: true }) });
  await expect(run.first().getByRole("cell", { name: "Daily schedule", exact: true })).toBeVisible();
  await run.first().click();
  await expect(page.getByTestId("audit-actor")).toHaveText("Acted: Daily schedule");
  await expect(page.getByRole("cell", { name: "Started by" }).first()).toBeVisible();

  // The whole list (no filter: the page remembers the last one otherwise).
  await page.goto(auditLog({}));
  const signIns = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: FIRST_ADMIN.email, exact: true }) });
  await expect(signIns.first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "By", exact: true })).toBeVisible();
  await screenshot(page, "audit-log-actors");
});
