/**
 * Adding customers' passkeys (issue 39) over HTTP against the production build, with the tests' own
 * software authenticator (tooling/passkey-authenticator.ts): the options; what is refused (a wrong
 * origin, RP ID, challenge, type, no user verification, another attestation format, a challenge
 * spent or another's, another account's credential); hostile input; the same registration verified
 * twice at once; the challenge limits under concurrency and the challenge table's bounds; renaming and
 * removing; the webhook events; the passkeys in the customer's data export. Logging in with one: passkey-login.test.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db } from "./support/app";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";
import { cbor, FLAGS, PasskeyAuthenticator, type Tamper } from "@/tooling/passkey-authenticator";
import { storedKey } from "@/lib/domain/rate-limits/count-attempt";
import {
  CHALLENGES_PER_ACCOUNT,
  CHALLENGES_PER_IP,
  customerId,
  errorsOf,
  RP_ID,
  startPasskeyApp,
} from "./support/passkey-flows";

const { app, post, registrationOptions, withPasskey, loginOptions, passkeyLogin } = await startPasskeyApp({
  // Above the per-account challenge limit: 20 registration options at once reach that limit, not the password's.
  LOGIN_MAX_FAILURES_PER_EMAIL: "30",
});

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

test('a passkey added without a name, or with only spaces, is called "Passkey"', async () => {
  for (const name of [undefined, "   "]) {
    const customer = await registeredCustomer(app);
    const { challenge_id, options } = await registrationOptions(customer);
    const response = await post(
      "/client/v1/me/passkeys/registration/verify",
      { challenge_id, credential: new PasskeyAuthenticator().create(options), ...(name === undefined ? {} : { name }) },
      customer.token,
    );
    assert.equal(response.status, 201, await response.clone().text());
    assert.equal((await response.json()).passkey.name, "Passkey", `name ${JSON.stringify(name)}`);
  }
});

test("the customer's data export lists their passkeys, with no credential id, public key or user handle", async () => {
  const { customer, passkey } = await withPasskey();
  const response = await app.request("/client/v1/me/export", { headers: { ...DEVICE, ...bearer(customer.token) } });
  assert.equal(response.status, 200, await response.clone().text());
  const text = await response.text();
  const exported = JSON.parse(text).export;
  assert.deepEqual(exported.passkeys, [passkey]);
  const row = await db().passkey.findFirstOrThrow({ where: { id: passkey.id }, include: { customer: true } });
  for (const secret of [
    row.credentialId,
    Buffer.from(row.publicKey).toString("base64url"),
    row.customer.passkeyUserHandle!,
  ]) {
    assert.ok(!text.includes(secret), `no ${secret.slice(0, 12)}… in the export`);
  }
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
  assert.equal(await db().rateLimit.count({ where: { key: storedKey(customer.email), bucket: "login_email" } }), 1);
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

test("customer.passkey.added and customer.passkey.removed go to the endpoints subscribed, with the passkey's id", async () => {
  const admin = await staffSession(app, "admin");
  const client = await db().apiClient.findUniqueOrThrow({ where: { clientId: app.client.clientId } });
  const webhooks = `/api/admin/clients/${client.id}/webhooks`;
  // The names are the contract: the enum's own spelling is no event.
  const misnamed = await admin.request(webhooks, {
    method: "POST",
    json: { url: "http://127.0.0.1:9/passkeys", events: ["customer.passkey_added"] },
  });
  assert.equal(misnamed.status, 400, await misnamed.clone().text());
  const events = ["customer.passkey.added", "customer.passkey.removed"];
  const created = await admin.request(webhooks, {
    method: "POST",
    json: { url: "http://127.0.0.1:9/passkeys", events },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const endpoint = await created.json();
  assert.deepEqual(endpoint.events, events);
  const endpointId = endpoint.id;
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
  const listed = await admin.request(`${webhooks}/${endpointId}/deliveries`);
  assert.equal(listed.status, 200, await listed.clone().text());
  const sent = (await listed.json()) as { event: string; body: string }[];
  assert.deepEqual(sent.map((delivery) => delivery.event).sort(), events);
  assert.deepEqual(sent.map((delivery) => JSON.parse(delivery.body).type).sort(), events);
});
