/**
 * Issue 23, items 1, 6 and 9, over HTTP against the production build: every outstanding e-mail link
 * of an account (verification, change of address, reset) dies with every security event on it
 * (password reset or change, an e-mail change taking effect, a block, a staff sign-out everywhere,
 * a close), starting with the takeover a kept change-of-address link allowed; a close racing a
 * change of address taking effect; and each kind of link used by several requests at once.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { db, startTestApp } from "./support/app";
import {
  bearer,
  DEVICE,
  login,
  RESET_URL,
  register,
  registeredCustomer,
  tokenFromLatestEmail,
  uniqueEmail,
  VERIFY_URL,
} from "./support/accounts";
import { staffSession } from "./support/staff";

const app = await startTestApp();
const compliance = await staffSession(app, "compliance");

const post = (path: string, form: Record<string, string>, token?: string) =>
  app.request(path, { method: "POST", headers: { ...DEVICE, ...(token ? bearer(token) : {}) }, form });
const verify = (token: string) => post("/client/v1/verify-email", { token });
const reset = (token: string, password: string) =>
  post("/client/v1/reset-password", { token, password, confirm_password: password });
const forgot = (email: string) => post("/client/v1/forgot-password", { email, reset_password_url: RESET_URL });
const changeEmail = (token: string, email: string, password: string) =>
  post("/client/v1/change-email", { email, password, email_verification_url: VERIFY_URL }, token);
const changePassword = (token: string, current: string, password: string) =>
  post("/client/v1/change-password", { current_password: current, password, confirm_password: password }, token);
const closeAccount = (token: string, password: string) => post("/client/v1/close-account", { password }, token);
const staffAction = (id: number, action: "block" | "unblock" | "revoke-sessions") =>
  compliance.request(`/api/admin/customers/${id}/${action}`, { method: "POST", json: { reason: "Security review" } });

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`);

async function assertOk(response: Response): Promise<void> {
  assert.equal(response.status, 200, await response.clone().text());
  await response.body?.cancel();
}

async function customerId(email: string): Promise<number> {
  return (await db().customer.findUniqueOrThrow({ where: { email } })).id;
}

type Links = { verification?: string; change?: string; reset?: string };

/** A registered customer with a link of each kind waiting: its verification, a change of address to `newEmail`, a reset. */
async function customerWithLinks() {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer.email);
  const newEmail = uniqueEmail("new");
  await assertOk(await changeEmail(customer.token, newEmail, customer.password));
  await assertOk(await forgot(customer.email));
  const links = {
    verification: await tokenFromLatestEmail(customer.email, "verify_email"),
    change: await tokenFromLatestEmail(newEmail, "change_email"),
    reset: await tokenFromLatestEmail(customer.email, "reset_password"),
  };
  return { ...customer, id, newEmail, links };
}

/** Each link is refused as a dead one (400 `token/invalid`), and the account is as it was. */
async function assertLinksDead(id: number, links: Links): Promise<void> {
  const before = await db().customer.findUniqueOrThrow({ where: { id } });
  for (const [kind, token] of Object.entries(links)) {
    const response = kind === "reset" ? await reset(token, "taken over at last 1") : await verify(token);
    assert.equal(response.status, 400, `the ${kind} link`);
    assert.deepEqual(await codes(response), ["token:invalid"], `the ${kind} link`);
  }
  assert.deepEqual(await db().customer.findUniqueOrThrow({ where: { id } }), before);
}

test("the takeover: a change link kept by whoever registered the address dies once its owner resets and changes the password", async () => {
  const victim = uniqueEmail("victim");
  const attacker = uniqueEmail("attacker");
  const squatted = await register(app, victim, "squatter password 1");
  assert.equal(squatted.status, 201);
  const squatter = (await squatted.json()).token;
  await assertOk(await changeEmail(squatter, attacker, "squatter password 1"));
  const kept = await tokenFromLatestEmail(attacker, "change_email");

  const taken = await register(app, victim, "owner password 1");
  assert.deepEqual(await codes(taken), ["email:unique"], "the owner finds the address taken");
  await assertOk(await forgot(victim));
  await assertOk(await reset(await tokenFromLatestEmail(victim, "reset_password"), "owner password 2"));
  const loggedIn = await login(app, victim, "owner password 2");
  assert.equal(loggedIn.status, 200);
  await assertOk(await changePassword((await loggedIn.json()).token, "owner password 2", "owner password 3"));

  const opened = await verify(kept);
  assert.equal(opened.status, 400);
  assert.deepEqual(await codes(opened), ["token:invalid"]);
  assert.equal((await login(app, victim, "owner password 3")).status, 200, "the owner keeps the account");
  assert.equal((await login(app, attacker, "owner password 3")).status, 401);
  assert.equal(await db().customer.count({ where: { email: attacker } }), 0);
});

test("a password reset ends every other link: verification, change of address, an earlier reset", async () => {
  const account = await customerWithLinks();
  await assertOk(await forgot(account.email));
  await assertOk(await reset(await tokenFromLatestEmail(account.email, "reset_password"), "after the reset 1"));
  await assertLinksDead(account.id, account.links);
});

test("a password change ends every link", async () => {
  const account = await customerWithLinks();
  await assertOk(await changePassword(account.token, account.password, "after the change 1"));
  await assertLinksDead(account.id, account.links);
});

test("an e-mail change taking effect ends the verification and reset links sent before", async () => {
  const account = await customerWithLinks();
  const { change, ...earlier } = account.links;
  await assertOk(await verify(change));
  await assertLinksDead(account.id, earlier);
});

test("a block ends every link, and an unblock does not bring them back", async () => {
  const account = await customerWithLinks();
  await assertOk(await staffAction(account.id, "block"));
  await assertLinksDead(account.id, account.links);
  await assertOk(await staffAction(account.id, "unblock"));
  await assertLinksDead(account.id, account.links);
});

test("staff signing the customer out everywhere ends every link", async () => {
  const account = await customerWithLinks();
  await assertOk(await staffAction(account.id, "revoke-sessions"));
  await assertLinksDead(account.id, account.links);
});

test("closing the account ends every link", async () => {
  const account = await customerWithLinks();
  await assertOk(await closeAccount(account.token, account.password));
  await assertLinksDead(account.id, account.links);
});

test("close-account racing a change of address taking effect: one wins, and the closed record and its notice carry the address held at the close", async () => {
  for (let round = 0; round < 8; round++) {
    const customer = await registeredCustomer(app);
    const id = await customerId(customer.email);
    const newEmail = uniqueEmail("moving");
    await assertOk(await changeEmail(customer.token, newEmail, customer.password));
    const change = await tokenFromLatestEmail(newEmail, "change_email");

    // Staggered, so that either may come first: the close checks a password before it writes.
    const [closed, verified] = await Promise.all([
      closeAccount(customer.token, customer.password),
      delay(round * 20).then(() => verify(change)),
    ]);
    await assertOk(closed);
    if (verified.status !== 200) {
      assert.equal(verified.status, 400, `round ${round}`);
      assert.deepEqual(await codes(verified), ["token:invalid"]);
    }
    const held = verified.status === 200 ? newEmail : customer.email;
    const row = await db().customer.findUniqueOrThrow({ where: { id } });
    assert.ok(row.closedAt, `round ${round}`);
    assert.equal(row.closedEmail, held, `round ${round}: the closed record`);
    const notices = await db().emailOutbox.findMany({
      where: { template: "account_closed", toAddress: { in: [customer.email, newEmail] } },
    });
    assert.deepEqual(
      notices.map((notice) => notice.toAddress),
      [held],
      `round ${round}: the closing notice`,
    );
    const closings = await db().customerEvent.findMany({ where: { customerId: id, type: "account_closed" } });
    assert.deepEqual(
      closings.map((event) => event.email),
      [held],
      `round ${round}: the closing event`,
    );
  }
});

test("a reset and a change of address racing, each with its link: one succeeds, the other finds its link ended", async () => {
  for (let round = 0; round < 4; round++) {
    const account = await customerWithLinks();
    const [resetting, verified] = await Promise.all([
      reset(account.links.reset, "racing the change 1"),
      delay(round * 20).then(() => verify(account.links.change)),
    ]);
    const statuses = [resetting.status, verified.status];
    assert.deepEqual([...statuses].sort(), [200, 400], `round ${round}: reset ${statuses[0]}, change ${statuses[1]}`);
    const loser = resetting.status === 400 ? resetting : verified;
    assert.deepEqual(await codes(loser), ["token:invalid"]);
    const row = await db().customer.findUniqueOrThrow({ where: { id: account.id } });
    assert.equal(row.email, verified.status === 200 ? account.newEmail : account.email, `round ${round}`);
  }
});

const RACERS = 6;

/** Of `responses`, exactly one succeeded and every other was refused as a used link. */
async function assertOneWinner(responses: Response[]): Promise<number> {
  const winners = responses.flatMap((response, index) => (response.status === 200 ? [index] : []));
  assert.equal(winners.length, 1, `statuses ${responses.map((r) => r.status)}`);
  for (const response of responses.filter((r) => r.status !== 200)) {
    assert.equal(response.status, 400);
    assert.deepEqual(await codes(response), ["token:invalid"]);
  }
  return winners[0];
}

test(`a verification link presented ${RACERS} times at once verifies once`, async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  await assertOneWinner(await Promise.all(Array.from({ length: RACERS }, () => verify(token))));
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, type: "email_verified" } }), 1);
});

test(`a change link presented ${RACERS} times at once changes the address once`, async () => {
  const customer = await registeredCustomer(app);
  const newEmail = uniqueEmail("changed");
  await assertOk(await changeEmail(customer.token, newEmail, customer.password));
  const token = await tokenFromLatestEmail(newEmail, "change_email");
  await assertOneWinner(await Promise.all(Array.from({ length: RACERS }, () => verify(token))));
  assert.equal(await db().customerEvent.count({ where: { email: newEmail, type: "email_changed" } }), 1);
  assert.equal((await login(app, newEmail, customer.password)).status, 200);
});

test(`a reset link presented ${RACERS} times at once resets once, to the winner's password`, async () => {
  const customer = await registeredCustomer(app);
  await assertOk(await forgot(customer.email));
  const token = await tokenFromLatestEmail(customer.email, "reset_password");
  const passwords = Array.from({ length: RACERS }, (_, i) => `racing reset number ${i}`);
  const winner = await assertOneWinner(await Promise.all(passwords.map((password) => reset(token, password))));
  const id = await customerId(customer.email);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "password_reset" } }), 1);
  for (const [i, password] of passwords.entries()) {
    assert.equal((await login(app, customer.email, password)).status, i === winner ? 200 : 401, password);
  }
});
