/**
 * The compliance actions on a customer (issue 15): block, unblock, sign out everywhere, over HTTP,
 * with their effects on login and forgot-password, their events and their audit entries.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { staffSession } from "./support/staff";
import { bearer, login, RESET_URL, registeredCustomer } from "./support/accounts";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

const app = await startTestApp();
const admin = await staffSession(app, "admin");
const operations = await staffSession(app, "operations");
const compliance = await staffSession(app, "compliance");

const BLOCKED = {
  code: 403,
  type: "permission_error",
  message: "This account is blocked. Please contact customer support.",
};

function act(session: typeof admin, id: number | string, action: string, json: unknown = { reason: "KYC review" }) {
  return session.request(`/api/admin/customers/${id}/${action}`, { method: "POST", json });
}

async function customerId(email: string): Promise<number> {
  return (await db().customer.findUniqueOrThrow({ where: { email } })).id;
}

/** The latest audit entry about customer `id`, its reason opened as staff read it. */
async function latestAudit(id: number) {
  const entry = await db().auditLog.findFirstOrThrow({
    where: { resource: "customers", resourceId: String(id) },
    orderBy: { id: "desc" },
  });
  return (await openPersonalValues([entry]))[0];
}

async function tokenWorks(token: string): Promise<boolean> {
  const response = await app.request("/client/v1/me", { headers: bearer(token) });
  await response.body?.cancel();
  return response.status === 200;
}

function forgot(email: string) {
  return app.request("/client/v1/forgot-password", {
    method: "POST",
    form: { email, reset_password_url: RESET_URL },
  });
}

test("block ends every session, refuses login alike for right and wrong passwords, and is audited", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const second = await (await login(app, customer.email, customer.password)).json();
  assert.ok(await tokenWorks(second.token));

  const response = await act(compliance, id, "block", { reason: "  Suspected fraud  " });
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.status, "blocked");
  assert.ok(body.blocked_at);
  assert.equal(body.events[0].type, "blocked");

  assert.equal(await tokenWorks(customer.token), false, "the registration's token is dead");
  assert.equal(await tokenWorks(second.token), false, "the login's token is dead");
  for (const password of [customer.password, "a wrong password"]) {
    const refused = await login(app, customer.email, password);
    assert.equal(refused.status, 403, password);
    assert.deepEqual(await refused.json(), BLOCKED);
  }

  const audit = await latestAudit(id);
  assert.equal(audit.action, "block");
  assert.equal(audit.staffId, compliance.staff.id);
  assert.deepEqual(audit.before, { status: "active" });
  assert.deepEqual(audit.after, { status: "blocked", reason: "Suspected fraud" });

  const again = await act(compliance, id, "block");
  assert.equal(again.status, 400, "an account already blocked");
});

test("forgot-password sends a blocked account nothing and answers as for an active one; unblock restores login", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  assert.equal((await act(admin, id, "block")).status, 200);

  const blockedAnswer = await forgot(customer.email);
  assert.equal(blockedAnswer.status, 200);
  const blockedBody = await blockedAnswer.json();
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 0);

  const unblocked = await act(admin, id, "unblock", { reason: "Documents checked" });
  assert.equal(unblocked.status, 200);
  assert.equal((await unblocked.json()).status, "active");
  const audit = await latestAudit(id);
  assert.equal(audit.action, "unblock");
  assert.deepEqual(audit.after, { status: "active", reason: "Documents checked" });

  const activeAnswer = await forgot(customer.email);
  assert.equal(activeAnswer.status, 200);
  assert.deepEqual(blockedBody, await activeAnswer.json());
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 1);

  const loggedIn = await login(app, customer.email, customer.password);
  assert.equal(loggedIn.status, 200);
  assert.ok(await tokenWorks((await loggedIn.json()).token));
  assert.equal(await tokenWorks(customer.token), false, "the sessions the block ended stay ended");
  assert.equal((await act(admin, id, "unblock")).status, 400, "an account not blocked");
});

test("revoke-sessions signs the customer out everywhere and says how many", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const other = (await (await login(app, customer.email, customer.password)).json()).token;

  const response = await act(compliance, id, "revoke-sessions", { reason: "Customer lost their phone" });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { revoked: 2 });
  assert.equal(await tokenWorks(customer.token), false);
  assert.equal(await tokenWorks(other), false);
  const audit = await latestAudit(id);
  assert.equal(audit.action, "revoke_sessions");
  assert.deepEqual(audit.after, { status: "active", reason: "Customer lost their phone", revoked: 2 });
  const [event] = await db().customerEvent.findMany({ where: { customerId: id }, orderBy: { id: "desc" }, take: 1 });
  assert.equal(event.type, "sessions_revoked_by_staff");

  assert.equal((await login(app, customer.email, customer.password)).status, 200, "login still works");
  assert.deepEqual(await (await act(compliance, id, "revoke-sessions")).json(), { revoked: 1 });
});

test("every action needs a reason, of bounded length, and writes nothing without one", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  for (const action of ["block", "unblock", "revoke-sessions"]) {
    for (const json of [{}, { reason: "   " }]) {
      const response = await act(compliance, id, action, json);
      assert.equal(response.status, 400, `${action} ${JSON.stringify(json)}`);
      const { errors } = await response.json();
      assert.deepEqual(
        errors.map((error: { param: string; code: string }) => `${error.param}/${error.code}`),
        ["reason/required"],
      );
    }
    const long = await act(compliance, id, action, { reason: "x".repeat(1001) });
    assert.equal(long.status, 400);
    assert.equal((await long.json()).errors[0].code, "too_long");
  }
  assert.equal(await db().auditLog.count({ where: { resource: "customers", resourceId: String(id) } }), 0);
  assert.ok(await tokenWorks(customer.token));
});

test("operations may not take the actions; an unknown customer is a 404", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  for (const action of ["block", "unblock", "revoke-sessions"]) {
    const refused = await act(operations, id, action);
    assert.equal(refused.status, 403, action);
    assert.deepEqual(await refused.json(), {
      code: 403,
      type: "permission_error",
      message: "You do not have permission to do this",
    });
    assert.equal((await act(admin, 999_999_999, action)).status, 404, action);
  }
  assert.ok(await tokenWorks(customer.token));
  assert.equal(await db().auditLog.count({ where: { resource: "customers", resourceId: String(id) } }), 0);
});

test("the customer list shows the status and filters by it", async () => {
  const active = await registeredCustomer(app);
  const blocked = await registeredCustomer(app);
  const blockedId = await customerId(blocked.email);
  await act(compliance, blockedId, "block");
  const list = async (filter: Record<string, unknown>) => {
    const response = await compliance.request(
      `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify(filter), range: "[0,999]" })}`,
    );
    assert.equal(response.status, 200);
    return (await response.json()) as { email: string; status: string }[];
  };
  const all = await list({});
  assert.equal(all.find((row) => row.email === active.email)?.status, "active");
  assert.equal(all.find((row) => row.email === blocked.email)?.status, "blocked");
  const onlyBlocked = await list({ status: "blocked" });
  assert.ok(onlyBlocked.some((row) => row.email === blocked.email));
  assert.ok(onlyBlocked.every((row) => row.status === "blocked"));
  const onlyActive = await list({ status: "active" });
  assert.ok(onlyActive.some((row) => row.email === active.email));
  assert.ok(onlyActive.every((row) => row.status === "active"));
  assert.deepEqual(await list({ status: "nonsense" }), []);
});

test("a login racing a block: once the block has answered, no token from that login works", async () => {
  for (let round = 0; round < 5; round += 1) {
    const customer = await registeredCustomer(app);
    const id = await customerId(customer.email);
    const [loggedIn, blocked] = await Promise.all([
      login(app, customer.email, customer.password),
      act(compliance, id, "block"),
    ]);
    assert.equal(blocked.status, 200);
    if (loggedIn.status === 200) {
      assert.equal(await tokenWorks((await loggedIn.json()).token), false, `round ${round}`);
    } else {
      assert.equal(loggedIn.status, 403, `round ${round}`);
      assert.deepEqual(await loggedIn.json(), BLOCKED);
    }
    assert.equal(await tokenWorks(customer.token), false);
  }
});

test("a closed account shows as closed, is listed under closed, and cannot be blocked", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const closed = await app.request("/client/v1/close-account", {
    method: "POST",
    headers: bearer(customer.token),
    form: { password: customer.password },
  });
  assert.equal(closed.status, 200);

  const record = await (await compliance.request(`/api/admin/customers/${id}`)).json();
  assert.equal(record.status, "closed");
  const listed = await compliance.request(
    `/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ status: "closed", id: [id] }) })}`,
  );
  assert.deepEqual(
    ((await listed.json()) as { id: number; status: string }[]).map((row) => [row.id, row.status]),
    [[id, "closed"]],
  );
  const refused = await act(compliance, id, "block");
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).message, "This account is closed");
  assert.equal(await db().auditLog.count({ where: { resource: "customers", resourceId: String(id) } }), 0);
});
