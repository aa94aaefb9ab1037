/**
 * A customer's legal hold (issue 28): POST /api/admin/customers/{id}/legal-hold `{ hold, reason }`
 * over HTTP: set and lift (on a closed account too), their audit entries, asking for the state the
 * account is already in, who may, hostile bodies, concurrent requests, and the list's filter.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

const app = await startTestApp();
const admin = await staffSession(app, "admin");
const compliance = await staffSession(app, "compliance");
const operations = await staffSession(app, "operations");

type Session = typeof admin;

function hold(session: Session, id: number | string, json: unknown) {
  return session.request(`/api/admin/customers/${id}/legal-hold`, { method: "POST", json });
}

async function newCustomer() {
  const customer = await registeredCustomer(app);
  const { id } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  return { ...customer, id };
}

/** The legal hold's audit entries about customer `id`, their reasons opened as staff read them. */
const holdAudits = async (id: number) =>
  openPersonalValues(
    await db().auditLog.findMany({
      where: { action: "legal_hold", resource: "customers", resourceId: String(id) },
      orderBy: { id: "asc" },
    }),
  );

const heldSince = async (id: number) =>
  (await db().customer.findUniqueOrThrow({ where: { id }, select: { legalHoldSince: true } })).legalHoldSince;

const fieldErrors = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}/${e.code}`);

test("set then lift on a closed account: the state, the record, and one audit entry each with the reason and no e-mail", async () => {
  const customer = await newCustomer();
  const closed = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: { ...DEVICE, ...bearer(customer.token) },
    form: { password: customer.password },
  });
  assert.equal(closed.status, 200);

  const set = await hold(compliance, customer.id, { hold: true, reason: "  Litigation ref. 2026/114  " });
  assert.equal(set.status, 200);
  const setBody = await set.json();
  assert.equal(setBody.legal_hold, true);
  assert.equal(setBody.changed, true);
  const since = await heldSince(customer.id);
  assert.ok(since);
  assert.equal(setBody.legal_hold_since, since.toISOString());

  const record = await (await compliance.request(`/api/admin/customers/${customer.id}`)).json();
  assert.equal(record.status, "closed");
  assert.equal(record.legal_hold_since, since.toISOString());

  const lifted = await hold(admin, customer.id, { hold: false, reason: "Case closed" });
  assert.equal(lifted.status, 200);
  assert.deepEqual(await lifted.json(), { id: customer.id, legal_hold: false, legal_hold_since: null, changed: true });
  assert.equal(await heldSince(customer.id), null);

  const audits = await holdAudits(customer.id);
  assert.deepEqual(
    audits.map(({ staffId, before, after }) => ({ staffId, before, after })),
    [
      {
        staffId: compliance.staff.id,
        before: { legal_hold: false, since: null },
        after: { legal_hold: true, since: since.toISOString(), reason: "Litigation ref. 2026/114" },
      },
      {
        staffId: admin.staff.id,
        before: { legal_hold: true, since: since.toISOString() },
        after: { legal_hold: false, since: null, reason: "Case closed" },
      },
    ],
  );
  for (const audit of audits) assert.doesNotMatch(JSON.stringify(audit), /@/, "never the customer's address");
});

test("asking for the state the account is in: 200 changed false, the hold and its date kept, no audit entry", async () => {
  const customer = await newCustomer();
  const lift = await hold(compliance, customer.id, { hold: false, reason: "Nothing to lift" });
  assert.equal(lift.status, 200);
  assert.deepEqual(await lift.json(), { id: customer.id, legal_hold: false, legal_hold_since: null, changed: false });

  assert.equal((await hold(compliance, customer.id, { hold: true, reason: "First" })).status, 200);
  const since = await heldSince(customer.id);
  const again = await hold(compliance, customer.id, { hold: true, reason: "Second" });
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), {
    id: customer.id,
    legal_hold: true,
    legal_hold_since: since?.toISOString(),
    changed: false,
  });
  assert.deepEqual(await heldSince(customer.id), since, "the hold still dates from the first request");
  assert.equal((await holdAudits(customer.id)).length, 1);
});

test("operations may not (403), an unknown or malformed id is a 404; neither writes anything", async () => {
  const customer = await newCustomer();
  const entries = await db().auditLog.count({ where: { action: "legal_hold" } });
  const refused = await hold(operations, customer.id, { hold: true, reason: "Not mine to decide" });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).type, "permission_error");
  for (const id of [999_999_999, 0, "abc", "2147483648"]) {
    const unknown = await hold(admin, id, { hold: true, reason: "Nobody" });
    assert.equal(unknown.status, 404, String(id));
    assert.equal((await unknown.json()).code, 404, String(id));
  }
  assert.equal(await heldSince(customer.id), null);
  assert.equal(await db().auditLog.count({ where: { action: "legal_hold" } }), entries);
});

test("hostile bodies: a 4xx naming the field, nothing written; extra fields are ignored", async () => {
  const customer = await newCustomer();
  const refusals: [unknown, string[]][] = [
    [{ hold: true }, ["reason/required"]],
    [{ hold: true, reason: "   " }, ["reason/required"]],
    [{ hold: true, reason: "x".repeat(1001) }, ["reason/too_long"]],
    [{ hold: true, reason: "fraud\u0000" }, ["reason/invalid_characters"]],
    [{ hold: true, reason: "\u001b[2J" }, ["reason/invalid_characters"]],
    [{ hold: true, reason: "lone \ud800" }, ["reason/invalid_characters"]],
    [{ reason: "why" }, ["hold/required"]],
    [{ hold: null, reason: "why" }, ["hold/required"]],
    [{ hold: "true", reason: "why" }, ["hold/invalid"]],
    [{ hold: "false", reason: "why" }, ["hold/invalid"]],
    [{ hold: 1, reason: "why" }, ["hold/invalid"]],
    [{ hold: 0, reason: "why" }, ["hold/invalid"]],
    [{ hold: [true], reason: "why" }, ["hold/invalid"]],
    [{ hold: {}, reason: "why" }, ["hold/invalid"]],
    [{ hold: true, reason: ["why"] }, ["reason/invalid"]],
    [{}, ["reason/required", "hold/required"]],
  ];
  for (const [json, errors] of refusals) {
    const response = await hold(compliance, customer.id, json);
    assert.equal(response.status, 400, JSON.stringify(json).slice(0, 80));
    assert.deepEqual((await fieldErrors(response)).sort(), errors.sort(), JSON.stringify(json).slice(0, 80));
  }
  const raw = (body: string, contentType = "application/json") =>
    compliance.request(`/api/admin/customers/${customer.id}/legal-hold`, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body,
    });
  for (const body of ['[{"hold":true,"reason":"why"}]', "null", "true", '"hold"', "{"]) {
    const response = await raw(body);
    assert.equal(response.status, 400, body);
    assert.equal((await response.json()).type, "invalid_request_error", body);
  }
  const huge = await raw(JSON.stringify({ hold: true, reason: "x".repeat(70_000) }));
  assert.equal(huge.status, 413);
  await huge.body?.cancel();
  const form = await raw("hold=true&reason=why", "application/x-www-form-urlencoded");
  assert.equal(form.status, 415, "a form another site could post is refused");
  await form.body?.cancel();

  assert.equal(await heldSince(customer.id), null, "nothing was set");
  assert.equal((await holdAudits(customer.id)).length, 0);

  const before = Date.now();
  const extra = await hold(compliance, customer.id, {
    hold: true,
    reason: "with extras",
    legal_hold_since: "2000-01-01T00:00:00.000Z",
    since: "2000-01-01T00:00:00.000Z",
    id: 1,
    staff_id: 1,
  });
  assert.equal(extra.status, 200);
  const since = await heldSince(customer.id);
  assert.ok(since && since.getTime() >= before - 60_000, "the hold dates from the request, not from the body");
  const [audit] = await holdAudits(customer.id);
  assert.equal(audit.staffId, compliance.staff.id);
  assert.deepEqual(audit.after, { legal_hold: true, since: since.toISOString(), reason: "with extras" });
});

test("concurrent sets and lifts take turns: one audit entry per actual change, each starting where the last ended", async () => {
  const customer = await newCustomer();
  const requests = Array.from({ length: 12 }, (_, i) => ({ hold: i % 3 !== 0, reason: `Race ${i}` }));
  const answers = await Promise.all(
    requests.map((json, i) => hold(i % 2 === 0 ? admin : compliance, customer.id, json)),
  );
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  assert.deepEqual(
    answers.map((answer) => answer.status),
    requests.map(() => 200),
  );
  const changes = bodies.filter((body) => body.changed).length;
  const audits = await holdAudits(customer.id);
  assert.equal(audits.length, changes, "one entry per change");
  assert.ok(changes >= 1);
  let state: { legal_hold: boolean; since: string | null } = { legal_hold: false, since: null };
  for (const audit of audits) {
    assert.deepEqual(audit.before, state, "each change starts from the state the previous one left");
    const { reason, ...after } = audit.after as { legal_hold: boolean; since: string | null; reason: string };
    assert.notEqual(after.legal_hold, state.legal_hold, "an entry records an actual change");
    assert.match(reason, /^Race \d+$/);
    state = after;
  }
  const since = await heldSince(customer.id);
  assert.deepEqual({ legal_hold: since !== null, since: since?.toISOString() ?? null }, state);
});

test("the list shows the hold and filters by legal_hold; a malformed value is a 400 naming it", async () => {
  const held = await newCustomer();
  const free = await newCustomer();
  assert.equal((await hold(compliance, held.id, { hold: true, reason: "Subpoena" })).status, 200);
  const list = async (filter: Record<string, unknown>) => {
    const response = await compliance.request(
      `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,999]" })}`,
    );
    assert.equal(response.status, 200);
    return (await response.json()) as { id: number; legal_hold_since: string | null }[];
  };
  const onHold = await list({ legal_hold: true });
  assert.ok(onHold.some((row) => row.id === held.id && row.legal_hold_since !== null));
  assert.ok(onHold.every((row) => row.legal_hold_since !== null));
  assert.ok(!onHold.some((row) => row.id === free.id));
  const notHeld = await list({ legal_hold: "false" });
  assert.ok(notHeld.some((row) => row.id === free.id));
  assert.ok(notHeld.every((row) => row.legal_hold_since === null));
  assert.ok((await list({})).some((row) => row.id === free.id));
  for (const value of ["yes", 1, ["true"], "\u0000"]) {
    const response = await compliance.request(
      `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ legal_hold: value }) })}`,
    );
    assert.equal(response.status, 400, JSON.stringify(value));
    assert.match((await response.json()).message, /^legal_hold/, JSON.stringify(value));
  }
});
