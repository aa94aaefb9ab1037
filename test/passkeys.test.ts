/**
 * Customers' passkeys (issue 39) over HTTP against the production build, with the tests' own
 * software authenticator (support/passkey-authenticator.ts): the two steps of adding one and of
 * logging in with one; what is refused (a wrong origin, RP ID, challenge, type, no user
 * verification, another attestation format, another account's credential, another app's origin,
 * a replay, a counter that went back, a blocked or closed account); hostile input; the limits and
 * the challenge table's bounds; the same answer verified twice at once; listing, renaming,
 * removing; passkeys off while WEBAUTHN_RP_ID is unset.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { db, startTestApp, testAppOn } from "./support/app";
import { bearer, DEVICE, login, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";
import { cbor, FLAGS, PasskeyAuthenticator, type Tamper } from "./support/passkey-authenticator";

const RP_ID = "example.com";
// The challenge limits low enough to reach: every call but the limits' own comes from an address of its own.
const CHALLENGES_PER_IP = 5;
const CHALLENGES_PER_ACCOUNT = 16;
const app = await startTestApp({
  WEBAUTHN_RP_ID: RP_ID,
  LOGIN_MAX_FAILURES_PER_IP: "100000",
  PASSKEY_CHALLENGES_MAX_PER_IP: String(CHALLENGES_PER_IP),
  PASSKEY_CHALLENGES_MAX_PER_ACCOUNT: String(CHALLENGES_PER_ACCOUNT),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
});
const ANDROID_ORIGIN = `android:apk-key-hash:${Buffer.alloc(32, 7).toString("base64url")}`;
const androidClient = await createApiClient({ name: "Android app", allowed_origins: [ANDROID_ORIGIN] });
const android = testAppOn(app.url, { clientId: androidClient.client_id, clientSecret: androidClient.client_secret });

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

/** The device headers from an address of its own: the per-IP challenge limit is tested on its own address. */
let addresses = 0;
const device = () => {
  addresses += 1;
  return { ...DEVICE, "X-Client-IP": `10.9.${addresses >> 8}.${addresses & 0xff}` };
};

const post = (path: string, json: unknown, token?: string, headers: Record<string, string> = device(), via = app) =>
  via.request(path, { method: "POST", headers: { ...headers, ...(token ? bearer(token) : {}) }, json });

const errorsOf = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

const customerId = async (customer: Customer) =>
  (await db().customer.findUniqueOrThrow({ where: { email: customer.email } })).id;

async function registrationOptions(customer: Customer, via = app) {
  const response = await post(
    "/client/v1/me/passkeys/registration/options",
    { password: customer.password },
    customer.token,
    device(),
    via,
  );
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as {
    challenge_id: string;
    options: Parameters<PasskeyAuthenticator["create"]>[0] & Record<string, unknown>;
  };
}

/** A customer with one passkey on `authenticator`, added through `via`. */
async function withPasskey(authenticator = new PasskeyAuthenticator(), via = app) {
  const customer = await registeredCustomer(app);
  const { challenge_id, options } = await registrationOptions(customer, via);
  const response = await post(
    "/client/v1/me/passkeys/registration/verify",
    { challenge_id, credential: authenticator.create(options), name: "My phone" },
    customer.token,
    device(),
    via,
  );
  assert.equal(response.status, 201, await response.clone().text());
  const { passkey } = await response.json();
  return { customer, authenticator, passkey };
}

async function loginOptions(json: unknown = {}, via = app, headers = device()) {
  const response = await post("/client/v1/passkeys/authentication/options", json, undefined, headers, via);
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as {
    challenge_id: string;
    options: { challenge: string; rpId: string } & Record<string, unknown>;
  };
}

async function passkeyLogin(authenticator: PasskeyAuthenticator, tamper: Tamper = {}, via = app) {
  const { challenge_id, options } = await loginOptions({}, via);
  return post(
    "/client/v1/passkeys/authentication/verify",
    { challenge_id, credential: authenticator.get(options, tamper) },
    undefined,
    device(),
    via,
  );
}

test("registration options: the RP ID, a random user handle, discoverable, user verification, ES256 and RS256, attestation none", async () => {
  const customer = await registeredCustomer(app);
  const { challenge_id, options } = await registrationOptions(customer);
  assert.match(challenge_id, /^[A-Za-z0-9_-]{43}$/);
  const rp = options.rp as { id: string; name: string };
  assert.equal(rp.id, RP_ID);
  assert.ok(rp.name.length > 0);
  const user = options.user as { id: string; name: string };
  assert.notEqual(user.id, Buffer.from(customer.email).toString("base64url"));
  assert.notEqual(user.id, Buffer.from(String(await customerId(customer))).toString("base64url"));
  assert.ok(Buffer.from(user.id, "base64url").length >= 32);
  assert.deepEqual(options.authenticatorSelection, {
    residentKey: "required",
    userVerification: "required",
    requireResidentKey: true,
  });
  assert.deepEqual((options.pubKeyCredParams as { alg: number }[]).map((p) => p.alg).sort(), [-257, -7]);
  assert.equal(options.attestation, "none");
  assert.deepEqual(options.excludeCredentials, []);
  // The same handle the next time.
  assert.equal(((await registrationOptions(customer)).options.user as { id: string }).id, user.id);
});

test("a passkey is added: 201, listed, excluded from the next options, its event, notice and no key material", async () => {
  const { customer, passkey } = await withPasskey();
  assert.equal(passkey.name, "My phone");
  assert.equal(passkey.last_used_at, null);
  assert.equal(passkey.device_type, "single_device");
  assert.equal(passkey.backed_up, false);
  assert.deepEqual(passkey.transports, ["internal", "hybrid"]);
  const listed = await app.request("/client/v1/me/passkeys", { headers: bearer(customer.token) });
  assert.deepEqual((await listed.json()).passkeys, [passkey]);
  const { options } = await registrationOptions(customer);
  assert.equal((options.excludeCredentials as unknown[]).length, 1);
  const id = await customerId(customer);
  assert.equal(
    await db().customerEvent.count({ where: { customerId: id, type: "passkey_added", outcome: "success" } }),
    1,
  );
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_added" } }), 1);
});

test("registration without the password is password/required, a wrong one password/invalid (counted as a failed login)", async () => {
  const customer = await registeredCustomer(app);
  const missing = await post("/client/v1/me/passkeys/registration/options", {}, customer.token);
  assert.equal(missing.status, 400);
  assert.deepEqual(await errorsOf(missing), ["password:required"]);
  const wrong = await post(
    "/client/v1/me/passkeys/registration/options",
    { password: "not it at all" },
    customer.token,
  );
  assert.equal(wrong.status, 400);
  assert.deepEqual(await errorsOf(wrong), ["password:invalid"]);
  assert.equal(await db().rateLimit.count({ where: { key: customer.email, bucket: "login_email" } }), 1);
  assert.equal(await db().passkeyChallenge.count({ where: { customerId: await customerId(customer) } }), 0);
});

test("each wrong registration is a coded 400 and stores nothing", async () => {
  const customer = await registeredCustomer(app);
  const id = await customerId(customer);
  const cases: [string, Tamper][] = [
    ["wrong origin", { origin: "https://evil.example" }],
    ["wrong RP ID", { rpId: "evil.example" }],
    ["wrong challenge", { challenge: Buffer.from("another").toString("base64url") }],
    ["wrong type", { type: "webauthn.get" }],
    ["no user verification", { flags: FLAGS.UP }],
    ["packed attestation", { fmt: "packed" }],
  ];
  for (const [why, tamper] of cases) {
    const { challenge_id, options } = await registrationOptions(customer);
    const response = await post(
      "/client/v1/me/passkeys/registration/verify",
      { challenge_id, credential: new PasskeyAuthenticator().create(options, tamper) },
      customer.token,
    );
    assert.equal(response.status, 400, why);
    assert.deepEqual(await errorsOf(response), ["credential:invalid"], why);
  }
  assert.equal(await db().passkey.count({ where: { customerId: id } }), 0);
});

test("a challenge works once, for its customer and client only", async () => {
  const customer = await registeredCustomer(app);
  const other = await registeredCustomer(app);
  const { challenge_id, options } = await registrationOptions(customer);
  const authenticator = new PasskeyAuthenticator();
  const credential = authenticator.create(options);
  const stolen = await post("/client/v1/me/passkeys/registration/verify", { challenge_id, credential }, other.token);
  assert.equal(stolen.status, 400);
  assert.deepEqual(await errorsOf(stolen), ["challenge_id:invalid"]);
  // The other customer's try spent it.
  const after = await post("/client/v1/me/passkeys/registration/verify", { challenge_id, credential }, customer.token);
  assert.deepEqual(await errorsOf(after), ["challenge_id:invalid"]);

  const fresh = await registrationOptions(customer);
  const ok = await post(
    "/client/v1/me/passkeys/registration/verify",
    {
      challenge_id: fresh.challenge_id,
      credential: authenticator.attestation(authenticator.credentials[0], fresh.options.challenge),
    },
    customer.token,
  );
  assert.equal(ok.status, 201);
  const replay = await post(
    "/client/v1/me/passkeys/registration/verify",
    {
      challenge_id: fresh.challenge_id,
      credential: authenticator.attestation(authenticator.credentials[0], fresh.options.challenge),
    },
    customer.token,
  );
  assert.deepEqual(await errorsOf(replay), ["challenge_id:invalid"]);
});

test("a credential another account holds is credential/unique", async () => {
  const { authenticator } = await withPasskey();
  const other = await registeredCustomer(app);
  const { challenge_id, options } = await registrationOptions(other);
  const response = await post(
    "/client/v1/me/passkeys/registration/verify",
    { challenge_id, credential: authenticator.attestation(authenticator.credentials[0], options.challenge) },
    other.token,
  );
  assert.equal(response.status, 400);
  assert.deepEqual(await errorsOf(response), ["credential:unique"]);
  assert.equal(await db().passkey.count({ where: { customerId: await customerId(other) } }), 0);
});

test("the same registration verified twice at once: exactly one 201", async () => {
  const customer = await registeredCustomer(app);
  const { challenge_id, options } = await registrationOptions(customer);
  const credential = new PasskeyAuthenticator().create(options);
  const answers = await Promise.all(
    Array.from({ length: 4 }, () =>
      post("/client/v1/me/passkeys/registration/verify", { challenge_id, credential }, customer.token),
    ),
  );
  assert.deepEqual(answers.map((r) => r.status).sort(), [201, 400, 400, 400]);
  assert.equal(await db().passkey.count({ where: { customerId: await customerId(customer) } }), 1);
});

test("hostile credentials and names: a clear 400, never a 500", async () => {
  const customer = await registeredCustomer(app);
  const { options } = await registrationOptions(customer);
  const good = new PasskeyAuthenticator().create(options);
  const lyingCbor = Buffer.concat([
    Buffer.from([0xa3, 0x63]),
    Buffer.from("fmt"),
    Buffer.from([0x7a, 0xff, 0xff, 0xff, 0xf0]),
  ]).toString("base64url");
  const truncatedAuthData = cbor(
    new Map<never, never>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", Buffer.alloc(10)],
    ] as never),
  ).toString("base64url");
  const variants: [string, unknown, string][] = [
    ["not an object", "a string", "credential:invalid"],
    ["id not base64url", { ...good, id: "not base64url!" }, "credential.id:invalid"],
    ["id too long", { ...good, id: "A".repeat(5000) }, "credential.id:too_long"],
    ["control characters", { ...good, id: "abc\u0000def" }, "credential.id:invalid"],
    ["type", { ...good, type: "password" }, "credential.type:invalid"],
    [
      "clientDataJSON not JSON",
      { ...good, response: { ...good.response, clientDataJSON: "AAAA" } },
      "credential:invalid",
    ],
    [
      "attestationObject lies about its lengths",
      { ...good, response: { ...good.response, attestationObject: lyingCbor } },
      "credential:invalid",
    ],
    [
      "authData too short",
      { ...good, response: { ...good.response, attestationObject: truncatedAuthData } },
      "credential:invalid",
    ],
    [
      "attestationObject oversized",
      { ...good, response: { ...good.response, attestationObject: "A".repeat(20_000) } },
      "credential.response.attestationObject:too_long",
    ],
    [
      "transports",
      { ...good, response: { ...good.response, transports: ["pigeon"] } },
      "credential.response.transports.0:invalid",
    ],
  ];
  for (const [why, credential, expected] of variants) {
    const fresh = await registrationOptions(customer);
    const response = await post(
      "/client/v1/me/passkeys/registration/verify",
      { challenge_id: fresh.challenge_id, credential },
      customer.token,
    );
    assert.equal(response.status, 400, why);
    assert.ok((await errorsOf(response)).includes(expected), `${why}: ${expected}`);
  }
  for (const [name, expected] of [
    ["a\u0007bell", "name:invalid_characters"],
    ["n".repeat(101), "name:too_long"],
  ]) {
    const fresh = await registrationOptions(customer);
    const credential = new PasskeyAuthenticator().create(fresh.options);
    const response = await post(
      "/client/v1/me/passkeys/registration/verify",
      { challenge_id: fresh.challenge_id, credential, name },
      customer.token,
    );
    assert.equal(response.status, 400);
    assert.deepEqual(await errorsOf(response), [expected]);
  }
  const longId = await post(
    "/client/v1/passkeys/authentication/verify",
    { challenge_id: "x".repeat(65), credential: good },
    undefined,
  );
  assert.equal(longId.status, 400);
});

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

test("rename and remove: theirs only (404 otherwise), the removal with the password, its event and notice", async () => {
  const { customer, authenticator, passkey } = await withPasskey();
  const other = await registeredCustomer(app);
  const path = `/client/v1/me/passkeys/${passkey.id}`;
  assert.equal((await post(path, { name: "Mine now" }, other.token)).status, 404);
  assert.equal((await post(`${path}/remove`, { password: other.password }, other.token)).status, 404);
  assert.equal((await post("/client/v1/me/passkeys/99999999999", { name: "x" }, customer.token)).status, 404);
  const renamed = await post(path, { name: "  Work laptop  " }, customer.token);
  assert.equal(renamed.status, 200);
  assert.equal((await renamed.json()).passkey.name, "Work laptop");
  assert.deepEqual(await errorsOf(await post(path, { name: "tab\u0001" }, customer.token)), [
    "name:invalid_characters",
  ]);
  assert.deepEqual(await errorsOf(await post(`${path}/remove`, {}, customer.token)), ["password:required"]);
  assert.deepEqual(await errorsOf(await post(`${path}/remove`, { password: "wrong password" }, customer.token)), [
    "password:invalid",
  ]);
  assert.equal((await post(`${path}/remove`, { password: customer.password }, customer.token)).status, 200);
  assert.equal((await passkeyLogin(authenticator)).status, 401);
  const id = await customerId(customer);
  assert.equal(
    await db().customerEvent.count({ where: { customerId: id, type: "passkey_removed", outcome: "success" } }),
    1,
  );
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_removed" } }), 1);
});

test("challenges are limited per IP and per account under concurrency, and the table is bounded", async () => {
  const ip = { ...DEVICE, "X-Client-IP": "198.51.100.9" };
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => post("/client/v1/passkeys/authentication/options", {}, undefined, ip)),
  );
  assert.equal(answers.filter((r) => r.status === 200).length, CHALLENGES_PER_IP);
  assert.equal(answers.filter((r) => r.status === 429).length, 12 - CHALLENGES_PER_IP);

  const customer = await registeredCustomer(app);
  const perAccount = await Promise.all(
    Array.from({ length: CHALLENGES_PER_ACCOUNT + 4 }, () =>
      post("/client/v1/me/passkeys/registration/options", { password: customer.password }, customer.token),
    ),
  );
  assert.equal(perAccount.filter((r) => r.status === 200).length, CHALLENGES_PER_ACCOUNT);
  assert.equal(perAccount.filter((r) => r.status === 429).length, 4);

  const capped = await registeredCustomer(app);
  for (let n = 0; n < 8; n++) await registrationOptions(capped);
  assert.equal(await db().passkeyChallenge.count({ where: { customerId: await customerId(capped) } }), 5);
  await db().passkeyChallenge.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
  await loginOptions();
  assert.equal(await db().passkeyChallenge.count(), 1);
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
  const audit = await db().auditLog.findFirstOrThrow({
    where: { resource: "customers", resourceId: String(id), action: "remove_passkey" },
  });
  assert.equal((audit.after as { reason: string }).reason, "Lost phone, identity checked by call");
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "passkey_removed_by_staff" } }), 1);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_removed" } }), 1);
  assert.equal((await passkeyLogin(authenticator)).status, 401);
  assert.equal((await compliance.request(path, { method: "POST", json: { reason: "again" } })).status, 404);
});

test("customer.passkey_added and customer.passkey_removed go to the endpoints subscribed, with the passkey's id", async () => {
  const admin = await staffSession(app, "admin");
  const client = await db().apiClient.findUniqueOrThrow({ where: { clientId: app.client.clientId } });
  const created = await admin.request(`/api/admin/clients/${client.id}/webhooks`, {
    method: "POST",
    json: { url: "http://127.0.0.1:9/passkeys", events: ["customer.passkey_added", "customer.passkey_removed"] },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const endpointId = (await created.json()).id;
  const { customer, passkey } = await withPasskey();
  const removed = await post(
    `/client/v1/me/passkeys/${passkey.id}/remove`,
    { password: customer.password },
    customer.token,
  );
  assert.equal(removed.status, 200);
  const deliveries = await db().webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });
  assert.deepEqual(
    deliveries.map((delivery) => [delivery.event, (delivery.data as { passkey_id: number }).passkey_id]),
    [
      ["customer_passkey_added", passkey.id],
      ["customer_passkey_removed", passkey.id],
    ],
  );
  assert.equal((deliveries[0].data as { customer_id: number }).customer_id, await customerId(customer));
});
