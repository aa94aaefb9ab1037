/**
 * Who acted, on every audit entry (issue 37), over HTTP against the production build: the daily
 * retention run the server starts is the schedule's, `retention run` the command line's, a
 * customer's own data export the customer's (with the API client), a staff member's change staff's;
 * the admin API's list, the expanded entry's read and the export say the same, and `audit verify`
 * still passes over all of them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCommand } from "@/lib/entry/cli/commands";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";
import { until } from "./support/until";

const app = await startTestApp();
const admin = await staffSession(app, "admin");
const compliance = await staffSession(app, "compliance");

/** `npm run cli -- <command>`, run in this process (the embedded database here is this process's, in memory). */
async function cli(command: string, options: Record<string, unknown> = {}) {
  const printed: Record<string, unknown>[] = [];
  const outcome = await runCommand({ command, args: [], options, cwd: process.cwd() }, (value) =>
    printed.push(JSON.parse(JSON.stringify(value))),
  );
  assert.equal(outcome.exitCode, 0, outcome.error);
  return printed;
}

const entriesOf = (action: "retention_run" | "export_data") =>
  db().auditLog.findMany({ where: { action }, orderBy: { id: "asc" } });

test("the schedule, the command line, a customer and a staff member are each named as who acted, everywhere", async () => {
  // The server's daily retention run, claimed as it starts.
  const [scheduled] = await until(
    () => entriesOf("retention_run"),
    (entries) => entries.length === 1,
  );
  assert.equal((scheduled.after as { trigger: string }).trigger, "schedule");

  const [run] = await cli("retention run");
  const customer = await registeredCustomer(app);
  const exported = await app.request("/client/v1/me/export", { headers: { ...DEVICE, ...bearer(customer.token) } });
  assert.equal(exported.status, 200, await exported.clone().text());
  const { id: customerId } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const byStaff = await compliance.request(`/api/admin/customers/${customerId}/export`, {
    method: "POST",
    json: { reason: "Subject access request" },
  });
  assert.equal(byStaff.status, 200, await byStaff.clone().text());

  const runs = await entriesOf("retention_run");
  assert.deepEqual(
    runs.map((entry) => [entry.resourceId, entry.actor, entry.staffId]),
    [
      [scheduled.resourceId, "schedule", null],
      [String(run.id), "cli", null],
    ],
  );
  const [own, staffs] = await entriesOf("export_data");
  const client = await db().apiClient.findFirstOrThrow({ where: { name: "Test app" } });
  assert.deepEqual(
    [own.actor, own.staffId, own.after],
    ["customer", null, { by: "customer", api_client_id: client.id }],
  );
  assert.deepEqual([staffs.actor, staffs.staffId], ["staff", compliance.staff.id]);

  // The admin API's list and the expanded entry's read.
  const expected = new Map([
    [runs[0].id, "schedule"],
    [runs[1].id, "cli"],
    [own.id, "customer"],
    [staffs.id, "staff"],
  ]);
  const listed = await admin.request(`/api/admin/audit-log?${new URLSearchParams({ range: "[0,99]" })}`);
  assert.equal(listed.status, 200);
  const rows: { id: number; actor: string }[] = await listed.json();
  for (const [id, actor] of expected) {
    assert.equal(rows.find((row) => row.id === id)?.actor, actor, `entry ${id} in the list`);
    const read = await (await admin.request(`/api/admin/audit-log/${id}`)).json();
    assert.equal(read.actor, actor, `entry ${id} read alone`);
  }
  // The export (JSON Lines), today's entries.
  const today = new Date().toISOString().slice(0, 10);
  const exportedLog = await admin.request("/api/admin/audit-log/export", {
    method: "POST",
    json: { format: "jsonl", from: today, to: today },
  });
  assert.equal(exportedLog.status, 200);
  const lines: { id: number; actor: string }[] = (await exportedLog.text())
    .trimEnd()
    .split("\r\n")
    .map((line) => JSON.parse(line));
  for (const [id, actor] of expected) assert.equal(lines.find((line) => line.id === id)?.actor, actor);
  // Sign-ins are staff's, whoever tried.
  const signIns = await db().auditLog.findMany({ where: { action: "sign_in" } });
  assert.ok(signIns.length > 0 && signIns.every((entry) => entry.actor === "staff"));

  // The actor is in the hash: the chain still verifies, from the first entry.
  const [verified] = await cli("audit verify", { full: true });
  assert.deepEqual([verified.valid, verified.broken_at], [true, undefined], JSON.stringify(verified));
});
