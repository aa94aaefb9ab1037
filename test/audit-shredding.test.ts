/**
 * Personal data leaves with retention everywhere, the audit log included (issue 36): a customer with
 * a name, an address and an e-mail address; staff's actions about them with reasons that name them
 * (KYC and risk decisions, a data export, a legal hold set and lifted, a block and an unblock);
 * failed logins and a reset request that count against rate limits; the account closed and the
 * retention period let pass; then every row of every table of the database read as text: none of it
 * anywhere. The audit chain still verifies, and the entries about the customer still say who did
 * what, when, to which record; the back office read their reasons until then, "[erased]" since.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { runCommand } from "@/lib/entry/cli/commands";
import { db, startTestApp } from "./support/app";
import { bearer, login, RESET_URL, registeredCustomer } from "./support/accounts";
import { reviewView, staffSession } from "./support/staff";

const RETENTION_SECONDS = 3;
const app = await startTestApp({ RETENTION_YEARS: String(RETENTION_SECONDS / (365.25 * 24 * 60 * 60)) });
const compliance = await staffSession(app, "compliance");

/** A client address of the customer's own, which only their requests come from. */
const CUSTOMER_DEVICE = { "X-Client-IP": "203.0.113.77", "X-Client-UA": "Brackwater's phone" };

/** A command of `npm run cli`, run as the CLI runs it, in this process (whose database an embedded one is). */
async function cli(command: string) {
  const printed: Record<string, unknown>[] = [];
  const outcome = await runCommand({ command, args: [], options: {}, cwd: process.cwd() }, (value) =>
    printed.push(JSON.parse(JSON.stringify(value))),
  );
  return { ...outcome, printed };
}

/** Every row of every table of the public schema, as PostgreSQL writes the row as text: all the database holds. */
async function wholeDatabaseAsText(): Promise<string> {
  const tables = await db().$queryRawUnsafe<{ name: string }[]>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  assert.ok(tables.some(({ name }) => name === "audit_log") && tables.length > 20, "every table, the audit log too");
  const rows: string[] = [];
  for (const { name } of tables) {
    const found = await db().$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${name}" t`);
    rows.push(...found.map(({ row }) => `${name}: ${row}`));
  }
  return rows.join("\n").toLowerCase();
}

const auditEntriesOf = async (id: number) => {
  const response = await compliance.request(
    `/api/admin/audit-log?${new URLSearchParams({
      filter: JSON.stringify({ resource: "customers", resource_id: String(id) }),
      sort: JSON.stringify(["id", "ASC"]),
      range: JSON.stringify([0, 99]),
    })}`,
  );
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as {
    id: number;
    action: string;
    staff_id: number;
    created_at: string;
    after: { reason?: string };
  }[];
};

test("after retention, nothing in the whole database names the customer; the audit chain verifies and its entries keep who, what and when", async () => {
  const customer = await registeredCustomer(app, undefined, CUSTOMER_DEVICE);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const given = "Ottilie";
  const family = `Brackwater${id}`;
  const street = "17 Ferngrove Lane";
  await db().customer.update({
    where: { id },
    data: {
      givenNames: given,
      familyName: family,
      addressLine1: street,
      addressCity: "Lowestoft",
      addressPostcode: "NR32 1AB",
      addressCountry: "GB",
      kycStatus: "pending_review",
    },
  });
  const reasons = {
    kyc: `Passport of ${given} ${family} does not match the selfie`,
    risk: `${given} ${family} named in a news report`,
    export: `Subject access request from ${family} by letter`,
    holdOn: `Court order about ${given} ${family}, case 55`,
    block: `Blocked ${given} ${family} after a call from their bank`,
    unblock: `${family} called back with a police reference`,
    holdLifted: `Order about ${family} set aside on appeal`,
    holdOnClosed: `Solicitors of ${family} asked to keep the file`,
    holdOff: `The case against ${given} ${family} is closed`,
  };
  const post = async (path: string, json: unknown) => {
    const response = await compliance.request(`/api/admin/customers/${id}/${path}`, { method: "POST", json });
    assert.equal(response.status, 200, `${path}: ${await response.text()}`);
  };
  await post("kyc", { status: "rejected", reason: reasons.kyc, ...(await reviewView(compliance.request, id)) });
  await post("risk", {
    risk_rating: "high",
    pep: false,
    sanctions_hit: false,
    reason: reasons.risk,
    ...(await reviewView(compliance.request, id)),
  });
  const exported = await compliance.request(`/api/admin/customers/${id}/export`, {
    method: "POST",
    json: { reason: reasons.export },
  });
  assert.equal(exported.status, 200, await exported.text());
  await post("legal-hold", { hold: true, reason: reasons.holdOn });
  await post("legal-hold", { hold: false, reason: reasons.holdLifted });
  await post("block", { reason: reasons.block });
  await post("unblock", { reason: reasons.unblock });

  // Failed logins and a reset request: rate-limit rows for their address and the client's.
  for (let attempt = 0; attempt < 3; attempt++) {
    assert.equal((await login(app, customer.email, "not the password", CUSTOMER_DEVICE)).status, 401);
  }
  const forgot = await app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: CUSTOMER_DEVICE,
    form: { email: customer.email, reset_password_url: RESET_URL },
  });
  assert.equal(forgot.status, 200);
  const session = await (await login(app, customer.email, customer.password, CUSTOMER_DEVICE)).json();
  const closed = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...CUSTOMER_DEVICE, ...bearer(session.token) },
    form: { password: customer.password },
  });
  assert.equal(closed.status, 200, await closed.text());
  await post("legal-hold", { hold: true, reason: reasons.holdOnClosed });
  await post("legal-hold", { hold: false, reason: reasons.holdOff });
  assert.ok(await db().rateLimit.count(), "the attempts were counted");

  const needles = [customer.email, given, family, street, CUSTOMER_DEVICE["X-Client-IP"], ...Object.values(reasons)];
  const beforeRetention = await wholeDatabaseAsText();
  for (const needle of [customer.email, given, family]) {
    assert.ok(beforeRetention.includes(needle.toLowerCase()), `the search finds ${needle} while the account holds it`);
  }
  const entries = await auditEntriesOf(id);
  assert.deepEqual(
    entries.map(({ action, after }) => [action, after.reason]),
    [
      ["kyc_decision", reasons.kyc],
      ["risk_decision", reasons.risk],
      ["export_data", reasons.export],
      ["legal_hold", reasons.holdOn],
      ["legal_hold", reasons.holdLifted],
      ["block", reasons.block],
      ["unblock", reasons.unblock],
      ["legal_hold", reasons.holdOnClosed],
      ["legal_hold", reasons.holdOff],
    ],
    "staff read every reason while the account's data is kept",
  );

  await sleep(RETENTION_SECONDS * 1000 + 500);
  const run = await cli("retention run");
  assert.equal(run.exitCode, 0, run.error);
  assert.equal(run.printed[0].accounts_pseudonymised, 1);

  const afterRetention = await wholeDatabaseAsText();
  const leftovers = needles.flatMap((needle) =>
    afterRetention
      .split("\n")
      .filter((row) => row.includes(needle.toLowerCase()))
      .map((row) => `${needle} in ${row.slice(0, row.indexOf(":"))}`),
  );
  assert.deepEqual(leftovers, [], "nothing about the customer is left anywhere");

  const verified = await cli("audit verify");
  assert.equal(verified.exitCode, 0, verified.error);
  assert.equal(verified.printed.at(-1)?.valid, true);

  const erased = await auditEntriesOf(id);
  const whoWhatWhen = ({ id, action, staff_id, created_at }: (typeof entries)[number]) => ({
    id,
    action,
    staff_id,
    created_at,
  });
  assert.deepEqual(
    erased.map(whoWhatWhen),
    entries.map(whoWhatWhen),
    "every entry stays: what, who, when, which record",
  );
  assert.ok(entries.every(({ staff_id }) => staff_id === compliance.staff.id));
  assert.deepEqual(
    erased.map(({ after }) => after.reason),
    entries.map(() => "[erased]"),
    "each reason reads as erased",
  );
});

test("the first reasons about a customer sealed at once share one key: every one of them opens", async () => {
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  const reasons = Array.from({ length: 6 }, (_, index) => `Request ${index} about ${customer.email}`);
  const answers = await Promise.all(
    reasons.map((reason) =>
      compliance.request(`/api/admin/customers/${id}/export`, { method: "POST", json: { reason } }),
    ),
  );
  assert.deepEqual(
    answers.map(({ status }) => status),
    reasons.map(() => 200),
  );
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  assert.equal(await db().customerAuditKey.count({ where: { customerId: id } }), 1);
  const stored = await db().auditLog.findMany({ where: { resource: "customers", resourceId: String(id) } });
  assert.ok(
    stored.every((entry) => !JSON.stringify(entry.after).includes(customer.email)),
    "stored sealed, not as written",
  );
  assert.deepEqual((await auditEntriesOf(id)).map(({ after }) => after.reason).sort(), [...reasons].sort());
});
