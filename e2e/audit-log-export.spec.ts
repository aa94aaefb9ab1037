import fs from "node:fs";
import { expect, signIn, signOut, test } from "./support";
import { FIRST_ADMIN } from "./accounts";

/**
 * The audit log's Export: an admin picks the days and the format, the page POSTs the export (it is
 * recorded: never a link) and the browser saves the file, which holds today's entries (the admin's
 * own sign-in among them); compliance, who reads the audit log, has no Export.
 */
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const compliance = { email: `export.compliance.${stamp}@example.com`, password: "" };
const today = new Date().toISOString().slice(0, 10);

test("an admin exports today's audit log as CSV and as JSON Lines", async ({ page }) => {
  await signIn(page, FIRST_ADMIN);
  const created = await page.request.post("/api/admin/staff", {
    data: { email: compliance.email, name: "Export compliance", role: "compliance" },
  });
  expect(created.status()).toBe(201);
  compliance.password = (await created.json()).password;

  for (const [format, label] of [
    ["csv", "CSV (spreadsheet)"],
    ["jsonl", "JSON Lines"],
  ]) {
    await page.goto("/admin#/audit-log");
    await page.getByRole("button", { name: "Export" }).click();
    const dialog = page.getByRole("dialog", { name: "Export the audit log" });
    await dialog.getByLabel("From (day)").fill(today);
    await dialog.getByLabel("To (day)").fill(today);
    await dialog.getByRole("combobox", { name: "Format" }).click();
    await page.getByRole("option", { name: label }).click();
    const downloading = page.waitForEvent("download");
    const posted = page.waitForResponse((response) => response.url().endsWith("/api/admin/audit-log/export"));
    await dialog.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    expect((await posted).request().method()).toBe("POST");
    expect((await posted).request().postDataJSON()).toEqual({ format, from: today, to: today });
    await expect(dialog).toBeHidden();
    expect(download.suggestedFilename()).toBe(`audit-log-${today}-${today}.${format}`);
    const text = fs.readFileSync(await download.path(), "utf8");
    const lines = text.trimEnd().split("\r\n");
    if (format === "csv") {
      expect(lines[0]).toBe(
        "id,created_at,actor,staff_id,staff_email,action,resource,resource_id,before,after,email,ip,user_agent,outcome,chain_position,prev_hash,hash",
      );
      expect(lines.some((line) => line.includes(",sign_in,staff,") && line.includes(FIRST_ADMIN.email))).toBe(true);
    } else {
      const entries = lines.map((line) => JSON.parse(line));
      expect(entries.some((entry) => entry.action === "create" && entry.after?.email === compliance.email)).toBe(true);
      expect(entries.every((entry) => entry.created_at.startsWith(today))).toBe(true);
    }
  }

  // Each export is on the audit log's screen, as an export of the audit log.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Exported" }).filter({ hasText: "Audit log" })).toHaveCount(2);
  await signOut(page);
});

test("compliance reads the audit log but has no Export", async ({ page }) => {
  await signIn(page, compliance);
  await page.goto("/admin#/audit-log");
  await expect(page.getByRole("row").filter({ hasText: "Exported" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);
});
