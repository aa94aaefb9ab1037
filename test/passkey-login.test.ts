/**
 * Logging in with a customer's passkey (issue 39) over HTTP against the production build, with the
 * tests' software authenticator: the session as login starts one; one 401 for every refusal (an
 * unknown credential, a wrong origin or RP ID, no user verification, a replay, another app's origin,
 * a counter that went back, a blocked or closed account); the same assertion twice at once; the
 * limit per credential; options for an address; compliance's list and removal.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db } from "./support/app";
import { bearer, login, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";
import { FLAGS, PasskeyAuthenticator } from "@/tooling/passkey-authenticator";
import { ANDROID_ORIGIN, customerId, errorsOf, RP_ID, startPasskeyApp } from "./support/passkey-flows";
import { openPersonalValues } from "@/lib/domain/audit/open-personal-values";

const { app, android, device, post, registrationOptions, withPasskey, loginOptions, passkeyLogin } =
  await startPasskeyApp();

test("a passkey logs in as login does: the tokens work, last_used_at is set, the login event recorded", async () => {
  const { customer, authenticator } = await withPasskey();
  const response = await passkeyLogin(authenticator);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.token_type, "Bearer");
  const me = await app.request("/client/v1/me", { headers: bearer(body.token) });
  assert.equal(me.status, 200);
  assert.equal((await me.json()).customer.email, customer.email);
  const [passkey] = (await (await app.request("/client/v1/me/passkeys", { headers: bearer(body.token) })).json())
    .passkeys;
  assert.notEqual(passkey.last_used_at, null);
  assert.equal(await db().customerEvent.count({ where: { customerId: await customerId(customer), type: "login" } }), 1);
});

test("options for an address: the same answer with or without an account; tied to that account", async () => {
  const { customer, authenticator } = await withPasskey();
  const known = await loginOptions({ email: customer.email });
  const unknown = await loginOptions({ email: "nobody.at.all@example.org" });
  assert.deepEqual(Object.keys(known.options).sort(), Object.keys(unknown.options).sort());
  assert.equal(known.options.allowCredentials, undefined);
  assert.equal(known.options.userVerification, "required");
  assert.equal(known.options.rpId, RP_ID);
  const { authenticator: otherKey } = await withPasskey();
  const refused = await post("/client/v1/passkeys/authentication/verify", {
    challenge_id: known.challenge_id,
    credential: otherKey.get(known.options),
  });
  assert.equal(refused.status, 401);
  const mine = await loginOptions({ email: customer.email });
  const ok = await post("/client/v1/passkeys/authentication/verify", {
    challenge_id: mine.challenge_id,
    credential: authenticator.get(mine.options),
  });
  assert.equal(ok.status, 200);
  const bad = await post("/client/v1/passkeys/authentication/options", { email: "not\u0000an address" });
  assert.equal(bad.status, 400);
});

test("refused logins are one 401: unknown credential, wrong origin, RP ID, no user verification, a replay", async () => {
  const { authenticator } = await withPasskey();
  const messages = new Set<string>();
  for (const tamper of [
    { origin: "https://evil.example" },
    { rpId: "evil.example" },
    { flags: FLAGS.UP },
    { type: "webauthn.create" },
  ]) {
    const response = await passkeyLogin(authenticator, tamper);
    assert.equal(response.status, 401, JSON.stringify(tamper));
    messages.add((await response.json()).message);
  }
  const stranger = new PasskeyAuthenticator();
  stranger.create({ challenge: "AAAA", rp: { id: RP_ID }, user: { id: "AAAA" } });
  const unknown = await passkeyLogin(stranger);
  assert.equal(unknown.status, 401);
  messages.add((await unknown.json()).message);
  const { challenge_id, options } = await loginOptions();
  const credential = authenticator.get(options);
  assert.equal((await post("/client/v1/passkeys/authentication/verify", { challenge_id, credential })).status, 200);
  const replay = await post("/client/v1/passkeys/authentication/verify", { challenge_id, credential });
  assert.equal(replay.status, 401);
  messages.add((await replay.json()).message);
  assert.equal(messages.size, 1);
});

test("an assertion made for one app's origin is refused through another app's credentials", async () => {
  const customer = await registeredCustomer(app);
  const signedIn = await login(android, customer.email, customer.password);
  const androidToken = (await signedIn.json()).token as string;
  const androidKey = new PasskeyAuthenticator(ANDROID_ORIGIN);
  const { challenge_id, options } = await registrationOptions({ ...customer, token: androidToken }, android);
  const added = await post(
    "/client/v1/me/passkeys/registration/verify",
    { challenge_id, credential: androidKey.create(options) },
    androidToken,
    device(),
    android,
  );
  assert.equal(added.status, 201);
  assert.equal((await passkeyLogin(androidKey, {}, app)).status, 401);
  assert.equal((await passkeyLogin(androidKey, {}, android)).status, 200);
  // And a web assertion through the Android app, and a web registration through it.
  const { authenticator: webKey } = await withPasskey();
  assert.equal((await passkeyLogin(webKey, {}, android)).status, 401);
  const again = await registrationOptions({ ...customer, token: androidToken }, android);
  const webCredential = new PasskeyAuthenticator().create(again.options);
  const refused = await post(
    "/client/v1/me/passkeys/registration/verify",
    { challenge_id: again.challenge_id, credential: webCredential },
    androidToken,
    device(),
    android,
  );
  assert.deepEqual(await errorsOf(refused), ["credential:invalid"]);
});

test("the same assertion verified twice at once: exactly one session", async () => {
  const { customer, authenticator } = await withPasskey();
  const { challenge_id, options } = await loginOptions();
  const credential = authenticator.get(options);
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => post("/client/v1/passkeys/authentication/verify", { challenge_id, credential })),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [200, 401, 401, 401]);
  const id = await customerId(customer);
  assert.equal(await db().loginToken.count({ where: { customerId: id } }), 2);
});

test("a counter that went back is refused, recorded and e-mailed: a cloned key", async () => {
  const { customer, authenticator } = await withPasskey();
  assert.equal((await passkeyLogin(authenticator, { signCount: 5 })).status, 200);
  const cloned = await passkeyLogin(authenticator, { signCount: 3 });
  assert.equal(cloned.status, 401);
  const id = await customerId(customer);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "passkey_counter_regressed" } }), 1);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_cloned" } }), 1);
  assert.equal((await passkeyLogin(authenticator, { signCount: 6 })).status, 200);
});

test("a blocked account cannot log in with a passkey; a closed one has none left; a password change keeps them", async () => {
  const { customer, authenticator } = await withPasskey();
  const id = await customerId(customer);
  const change = await post(
    "/client/v1/change-password",
    {
      current_password: customer.password,
      password: "another fine passphrase",
      confirm_password: "another fine passphrase",
    },
    customer.token,
  );
  assert.equal(change.status, 200, await change.clone().text());
  assert.equal((await passkeyLogin(authenticator)).status, 200);
  await db().customer.update({ where: { id }, data: { blockedAt: new Date() } });
  assert.equal((await passkeyLogin(authenticator)).status, 401);
  await db().customer.update({ where: { id }, data: { blockedAt: null } });
  const session = await (await passkeyLogin(authenticator)).json();
  const close = await post("/client/v1/close-account", { password: "another fine passphrase" }, session.token);
  assert.equal(close.status, 200, await close.clone().text());
  assert.equal(await db().passkey.count({ where: { customerId: id } }), 0);
  assert.equal((await passkeyLogin(authenticator)).status, 401);
});

test("passkey logins are counted per credential: past the limit, 429", async () => {
  const { authenticator } = await withPasskey();
  const limit = Number(process.env.LOGIN_MAX_FAILURES_PER_EMAIL ?? 10);
  for (let n = 0; n < limit; n++)
    assert.equal((await passkeyLogin(authenticator, { origin: "https://evil.example" })).status, 401);
  assert.equal((await passkeyLogin(authenticator)).status, 429);
});

test("compliance lists a customer's passkeys (no key material) and removes one with a reason: audited, e-mailed; operations 403", async () => {
  const compliance = await staffSession(app, "compliance");
  const operations = await staffSession(app, "operations");
  const { customer, authenticator, passkey } = await withPasskey();
  const id = await customerId(customer);
  const listed = await compliance.request(`/api/admin/customers/${id}/passkeys`);
  assert.equal(listed.status, 200);
  const [shown] = await listed.json();
  assert.deepEqual(Object.keys(shown).sort(), [
    "backed_up",
    "created_at",
    "device_type",
    "id",
    "last_used_at",
    "name",
    "transports",
  ]);
  assert.equal(shown.id, passkey.id);
  assert.equal((await operations.request(`/api/admin/customers/${id}/passkeys`)).status, 403);
  const path = `/api/admin/customers/${id}/passkeys/${passkey.id}/remove`;
  assert.equal((await operations.request(path, { method: "POST", json: { reason: "Lost phone" } })).status, 403);
  assert.equal((await compliance.request(path, { method: "POST", json: {} })).status, 400);
  assert.equal((await compliance.request(path, { method: "POST", json: { reason: "bad\u0000reason" } })).status, 400);
  const other = await registeredCustomer(app);
  const foreign = `/api/admin/customers/${await customerId(other)}/passkeys/${passkey.id}/remove`;
  assert.equal((await compliance.request(foreign, { method: "POST", json: { reason: "wrong customer" } })).status, 404);

  const removed = await compliance.request(path, {
    method: "POST",
    json: { reason: "Lost phone, identity checked by call" },
  });
  assert.equal(removed.status, 200);
  assert.deepEqual(await removed.json(), []);
  const [audit] = await openPersonalValues([
    await db().auditLog.findFirstOrThrow({
      where: { resource: "customers", resourceId: String(id), action: "remove_passkey" },
    }),
  ]);
  // Sealed under the customer's audit key, as every staff reason about a customer; opened as staff read it.
  assert.equal((audit.after as { reason: string }).reason, "Lost phone, identity checked by call");
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "passkey_removed_by_staff" } }), 1);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_removed" } }), 1);
  assert.equal((await passkeyLogin(authenticator)).status, 401);
  assert.equal((await compliance.request(path, { method: "POST", json: { reason: "again" } })).status, 404);
});
