import assert from "node:assert/strict";
import { test } from "node:test";
import { createHash } from "node:crypto";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { runCommand } from "@/lib/entry/cli/commands";
import { db } from "./support/app";
import { registeredCustomer } from "./support/accounts";
import { PasskeyAuthenticator } from "@/tooling/passkey-authenticator";
import { customerId, errorsOf, startPasskeyApp } from "./support/passkey-flows";
import { staffSession, totpCode } from "./support/staff";
import { authorisationFlows, PAYMENT } from "./support/authorisation-flows";

// Payment authorisations with dynamic linking (issue 40): HTTP against the production build.
const passkeyApp = await startPasskeyApp();
const { app, withPasskey } = passkeyApp;
const { withTotp, forgetUsedSteps, wrongCode, create, created, confirm, read, jwks, verified } =
  authorisationFlows(passkeyApp);

test("a passkey approves exactly what was shown: display text, derived challenge, a signed approval jose verifies", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = await created(customer.token);
  assert.equal(authorisation.status, "pending");
  assert.equal(authorisation.amount, "1234.50");
  assert.deepEqual(authorisation.methods, ["passkey"]);
  assert.deepEqual(authorisation.payee, { name: "Jane Doe", iban_masked: "****3000" });
  assert.equal(authorisation.display_text, "Pay €1,234.50 to Jane Doe, IBAN ending 3000");
  const options = authorisation.passkey_options;
  assert.ok(options);
  assert.equal(options.rpId, "example.com");
  assert.deepEqual(
    options.allowCredentials?.map((c) => c.id),
    [authenticator.credentials[0].id.toString("base64url")],
  );
  // The challenge is the hash of what is approved, the id and the stored nonce: not a random one.
  const row = await db().paymentAuthorisation.findUniqueOrThrow({ where: { id: authorisation.id } });
  assert.equal(row.payeeIban, "DE89370400440532013000");
  const canonical = JSON.stringify({
    amount: "1234.50",
    authorisation_id: authorisation.id,
    currency: "EUR",
    nonce: row.nonce,
    payee_iban: "DE89370400440532013000",
    payee_name: "Jane Doe",
    reference: "Invoice 42",
  });
  assert.equal(options.challenge, createHash("sha256").update(canonical).digest("base64url"));

  const confirmed = await confirm(customer.token, authorisation.id, { credential: authenticator.get(options) });
  assert.equal(confirmed.status, 200, await confirmed.clone().text());
  const body = await confirmed.json();
  assert.equal(body.authorisation.status, "approved");
  assert.equal(body.authorisation.method, "passkey");
  const { payload, protectedHeader } = await verified(body.approval);
  assert.equal(protectedHeader.alg, "ES256");
  assert.equal(typeof protectedHeader.kid, "string");
  assert.equal(payload.sub, String(await customerId(customer)));
  assert.equal(payload.aud, app.client.clientId);
  assert.equal(payload.jti, authorisation.id);
  assert.ok(typeof payload.iss === "string" && payload.iss.startsWith("http"));
  assert.ok((payload.exp as number) - (payload.iat as number) <= 600);
  assert.deepEqual(payload.amr, ["hwk", "user"]);
  assert.equal(payload.dynamic_linking, true);
  assert.deepEqual(payload.authorization_details, [
    {
      type: "payment_initiation",
      instructedAmount: { currency: "EUR", amount: "1234.50" },
      creditorName: "Jane Doe",
      creditorAccount: { iban: "DE89370400440532013000" },
      remittanceInformationUnstructured: "Invoice 42",
    },
  ]);

  const again = await read(customer.token, authorisation.id);
  assert.equal((await again.json()).authorisation.status, "approved");
  const twice = await confirm(customer.token, authorisation.id, { credential: authenticator.get(options) });
  assert.equal(twice.status, 409);
  assert.deepEqual(await errorsOf(twice), ["authorisation:not_pending"]);
  const event = await db().customerEvent.findFirst({ where: { email: customer.email, type: "payment_authorised" } });
  assert.ok(event);
});

test("an approval whose payload is altered, or whose header names another key, fails jose's verification", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = await created(customer.token);
  const confirmed = await confirm(customer.token, authorisation.id, {
    credential: authenticator.get(authorisation.passkey_options!),
  });
  const { approval } = await confirmed.json();
  const [header, payload, signature] = approval.split(".");
  const claims = decodeJwt(approval) as { authorization_details: { instructedAmount: { amount: string } }[] };
  claims.authorization_details[0].instructedAmount.amount = "9234.50";
  const altered = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
  await assert.rejects(verified(altered), { code: "ERR_JWS_SIGNATURE_VERIFICATION_FAILED" });
  const otherKid = Buffer.from(JSON.stringify({ ...decodeProtectedHeader(approval), kid: "nope" })).toString(
    "base64url",
  );
  await assert.rejects(verified([otherKid, payload, signature].join(".")), { code: "ERR_JWKS_NO_MATCHING_KEY" });
  // The JWKS: EC P-256 public keys, never a private part.
  for (const key of (await jwks()).keys) {
    assert.deepEqual(Object.keys(key).sort(), ["alg", "crv", "kid", "kty", "use", "x", "y"]);
    assert.equal(key.kty, "EC");
    assert.equal(key.crv, "P-256");
    assert.equal(key.use, "sig");
  }
  const response = await app.fetch("/.well-known/jwks.json");
  assert.match(response.headers.get("cache-control") ?? "", /public, max-age=\d+/);
});

test("an assertion over one authorisation sent to another is sca/failed, and the other stays pending", async () => {
  const { customer, authenticator } = await withPasskey();
  const first = await created(customer.token);
  const second = await created(customer.token, { ...PAYMENT, amount: "1" });
  const refused = await confirm(customer.token, second.id, { credential: authenticator.get(first.passkey_options!) });
  assert.equal(refused.status, 400);
  assert.deepEqual(await errorsOf(refused), ["sca:failed"]);
  assert.equal((await (await read(customer.token, second.id)).json()).authorisation.status, "pending");
  // A wrong origin, no user verification, another customer's passkey: the same answer.
  const wrongOrigin = authenticator.get(second.passkey_options!, { origin: "https://evil.example" });
  const noUv = authenticator.get(second.passkey_options!, { flags: 0x01 });
  const stranger = await withPasskey();
  const theirs = stranger.authenticator.get(second.passkey_options!);
  for (const credential of [wrongOrigin, noUv, theirs]) {
    const answer = await confirm(customer.token, second.id, { credential });
    assert.equal(answer.status, 400);
    assert.deepEqual(await errorsOf(answer), ["sca:failed"]);
  }
  const row = await db().paymentAuthorisation.findUniqueOrThrow({ where: { id: second.id } });
  assert.equal(row.failedAttempts, 4);
  const ok = await confirm(customer.token, second.id, { credential: authenticator.get(second.passkey_options!) });
  assert.equal(ok.status, 200);
  const { scaFailures } = await db().customer.findUniqueOrThrow({ where: { email: customer.email } });
  assert.equal(scaFailures, 0, "a success gives the count back");
});

test("a confirm racing itself approves once", async () => {
  // A passkey that keeps no counter (as many synced ones): the same assertion four times at once.
  const { customer, authenticator } = await withPasskey(new PasskeyAuthenticator(undefined, false));
  const authorisation = await created(customer.token);
  const credential = authenticator.get(authorisation.passkey_options!);
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => confirm(customer.token, authorisation.id, { credential })),
  );
  assert.equal(answers.filter((answer) => answer.status === 200).length, 1);
  assert.ok(answers.every((answer) => answer.status === 200 || answer.status === 409));
  assert.equal(await db().customerEvent.count({ where: { email: customer.email, type: "payment_authorised" } }), 1);
});

test("a passkey whose counter went back approves nothing, and is recorded and e-mailed as a cloned key is at login", async () => {
  const { customer, authenticator } = await withPasskey();
  const first = await created(customer.token);
  const approved = await confirm(customer.token, first.id, {
    credential: authenticator.get(first.passkey_options!, { signCount: 5 }),
  });
  assert.equal(approved.status, 200);
  const second = await created(customer.token, { ...PAYMENT, amount: "2" });
  const cloned = await confirm(customer.token, second.id, {
    credential: authenticator.get(second.passkey_options!, { signCount: 3 }),
  });
  assert.equal(cloned.status, 400);
  assert.deepEqual(await errorsOf(cloned), ["sca:failed"]);
  assert.equal((await (await read(customer.token, second.id)).json()).authorisation.status, "pending");
  const id = await customerId(customer);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "passkey_counter_regressed" } }), 1);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "passkey_cloned" } }), 1);
  const { failedAttempts } = await db().paymentAuthorisation.findUniqueOrThrow({ where: { id: second.id } });
  assert.equal(failedAttempts, 1, "counted towards the lock as any failure");
});

test("TOTP approves without dynamic linking, and a code works once", async () => {
  const customer = await withTotp();
  const authorisation = await created(customer.token, { ...PAYMENT, currency: "JPY", amount: "1500" });
  assert.deepEqual(authorisation.methods, ["totp"]);
  assert.equal(authorisation.passkey_options, null);
  assert.equal(authorisation.amount, "1500");
  assert.equal(authorisation.display_text, "Pay JP¥1,500 to Jane Doe, IBAN ending 3000");
  const code = await totpCode(customer.secret);
  const answer = await confirm(customer.token, authorisation.id, { code });
  assert.equal(answer.status, 200, await answer.clone().text());
  const { payload } = await verified((await answer.json()).approval);
  assert.deepEqual(payload.amr, ["otp"]);
  assert.equal(payload.dynamic_linking, false);
  const next = await created(customer.token);
  const replayed = await confirm(customer.token, next.id, { code });
  assert.equal(replayed.status, 400);
  assert.deepEqual(await errorsOf(replayed), ["sca:failed"]);
});

test("six wrong codes at once: five judged, then the lock (429 with Retry-After), the e-mail, event and webhook", async () => {
  const admin = await staffSession(app, "admin");
  const client = await db().apiClient.findUniqueOrThrow({ where: { clientId: app.client.clientId } });
  const subscribed = await admin.request(`/api/admin/clients/${client.id}/webhooks`, {
    method: "POST",
    json: { url: "http://127.0.0.1:9/sca", events: ["customer.sca.locked"] },
  });
  assert.equal(subscribed.status, 201, await subscribed.clone().text());
  const endpoint = { id: (await subscribed.json()).id as number };
  const customer = await withTotp();
  const pending = await created(customer.token);
  const target = await created(customer.token);
  const wrong = await wrongCode(customer.secret);
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => confirm(customer.token, target.id, { code: wrong })),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
  for (const answer of answers.filter((a) => a.status === 400))
    assert.deepEqual(await errorsOf(answer), ["sca:failed"]);
  assert.ok(Number(answers.find((a) => a.status === 429)!.headers.get("retry-after")) > 0);

  // Locked: even the right code, and creating, answer 429 with Retry-After; logins are not affected.
  await forgetUsedSteps(customer.email);
  const right = await confirm(customer.token, target.id, { code: await totpCode(customer.secret) });
  assert.equal(right.status, 429);
  const refused = await create(customer.token);
  assert.equal(refused.status, 429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, String(retryAfter));
  assert.equal((await (await read(customer.token, pending.id)).json()).authorisation.status, "failed");

  const id = await customerId(customer);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "sca_locked" } }), 1);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "payment_authorisation_failed" } }), 5);
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "sca_locked" } }), 1);
  const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  assert.deepEqual(
    deliveries.map((delivery) => [delivery.event, (delivery.data as { customer_id: number }).customer_id]),
    [["customer_sca_locked", id]],
  );
});

test("a success resets the count: four wrong, one right, four wrong again is no lock", async () => {
  const customer = await withTotp();
  const authorisation = await created(customer.token);
  const wrong = await wrongCode(customer.secret);
  for (let n = 0; n < 4; n++)
    assert.equal((await confirm(customer.token, authorisation.id, { code: wrong })).status, 400);
  const ok = await confirm(customer.token, authorisation.id, { code: await totpCode(customer.secret) });
  assert.equal(ok.status, 200);
  const next = await created(customer.token);
  for (let n = 0; n < 4; n++) assert.equal((await confirm(customer.token, next.id, { code: wrong })).status, 400);
  assert.equal((await create(customer.token)).status, 201);
});

test("no second factor: 409 sca/not_enrolled; another customer's id or a malformed one: 404", async () => {
  const plain = await registeredCustomer(app);
  const refused = await create(plain.token);
  assert.equal(refused.status, 409);
  assert.deepEqual(await errorsOf(refused), ["sca:not_enrolled"]);

  const { customer } = await withPasskey();
  const theirs = await created(customer.token);
  const stranger = await withTotp();
  assert.equal((await read(stranger.token, theirs.id)).status, 404);
  const confirmed = await confirm(stranger.token, theirs.id, { code: await totpCode(stranger.secret) });
  assert.equal(confirmed.status, 404);
  for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "A".repeat(5000)]) {
    assert.equal((await read(customer.token, id)).status, 404, id);
  }
  assert.equal(
    await db()
      .customer.findUniqueOrThrow({ where: { email: stranger.email } })
      .then((c) => c.scaFailures),
    0,
  );
});

test("hostile input: every field refused by name, never a 500", async () => {
  const customer = await withTotp();
  const refusals: [unknown, string[]][] = [
    ...[
      "1e3",
      "-1",
      "0.00",
      "0",
      "01.5",
      "1.",
      ".5",
      "1,50",
      " 1 2",
      "1.234",
      "1234567890123456",
      "١٢",
      "Infinity",
      "0x10",
    ].map((amount): [unknown, string[]] => [{ ...PAYMENT, amount }, ["amount:invalid"]]),
    [{ ...PAYMENT, currency: "JPY", amount: "1.5" }, ["amount:invalid"]],
    [{ ...PAYMENT, currency: "JPY", amount: "1.0" }, ["amount:invalid"]],
    [{ ...PAYMENT, currency: "KWD", amount: "1.2345" }, ["amount:invalid"]],
    [{ ...PAYMENT, amount: `${"9".repeat(14)}.00` }, ["amount:invalid"]],
    [{ ...PAYMENT, amount: "9".repeat(40) }, ["amount:too_long"]],
    [{ ...PAYMENT, amount: 12 }, ["amount:invalid"]],
    [{ ...PAYMENT, currency: "eur" }, ["currency:invalid"]],
    [{ ...PAYMENT, currency: "XXX" }, ["currency:invalid"]],
    [{ ...PAYMENT, currency: "EURO" }, ["currency:too_long"]],
    [{ ...PAYMENT, currency: "E\u0000R" }, ["currency:invalid_characters"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, name: "Jane\u0007Doe" } }, ["payee.name:invalid_characters"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, name: "J\u202eane" + "\u0085" } }, ["payee.name:invalid_characters"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, name: "x".repeat(141) } }, ["payee.name:too_long"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, name: " " } }, ["payee.name:required"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, iban: "DE89 3704 0044 0532 0130 01" } }, ["payee.iban:invalid"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, iban: "DE89370400440532013000X" } }, ["payee.iban:invalid"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, iban: "ZZ00" } }, ["payee.iban:invalid"]],
    [{ ...PAYMENT, payee: { ...PAYMENT.payee, iban: "D".repeat(51) } }, ["payee.iban:too_long"]],
    [{ ...PAYMENT, payee: "Jane" }, ["payee:invalid"]],
    [{ ...PAYMENT, reference: "r".repeat(141) }, ["reference:too_long"]],
    [{ ...PAYMENT, reference: "line\u001bbreak" }, ["reference:invalid_characters"]],
    [
      { ...PAYMENT, amount: "-1", currency: "XYZ", payee: { name: "", iban: "nope" } },
      ["currency:invalid", "payee.iban:invalid", "payee.name:required"],
    ],
  ];
  for (const [json, expected] of refusals) {
    const response = await create(customer.token, json);
    assert.equal(response.status, 400, JSON.stringify(json).slice(0, 200));
    assert.deepEqual(await errorsOf(response), expected, JSON.stringify(json).slice(0, 200));
  }
  // Accepted: lower case and spaces in the IBAN (normalised), the currency's full minor units, 15 digits.
  const accepted: [unknown, string][] = [
    [{ ...PAYMENT, payee: { name: "Jane Doe", iban: "de89 3704 0044 0532 0130 00" } }, "1234.50"],
    [{ ...PAYMENT, currency: "KWD", amount: "1.234" }, "1.234"],
    [{ ...PAYMENT, amount: "1234567890123.45" }, "1234567890123.45"],
    [{ ...PAYMENT, currency: "JPY", amount: "999999999999999" }, "999999999999999"],
  ];
  for (const [json, amount] of accepted) {
    const authorisation = await created(customer.token, json);
    assert.equal(authorisation.amount, amount);
    assert.equal(authorisation.payee.iban_masked, "****3000");
  }
  const stored = await db().paymentAuthorisation.findMany({ where: { customerId: await customerId(customer) } });
  assert.ok(stored.every((row) => row.payeeIban === "DE89370400440532013000"));

  // Confirm: neither or both of credential and code, an oversized or malformed one.
  const authorisation = await created(customer.token);
  const bodies: [unknown, string[]][] = [
    [{}, ["body:invalid"]],
    [
      { code: "123456", credential: { id: "x" } },
      ["body:invalid", "credential.rawId:required", "credential.response:required", "credential.type:required"],
    ],
    [{ code: "1".repeat(65) }, ["code:too_long"]],
    [{ code: "12\u00003456" }, ["code:invalid_characters"]],
  ];
  for (const [json, expected] of bodies) {
    const response = await confirm(customer.token, authorisation.id, json);
    assert.equal(response.status, 400, JSON.stringify(json));
    assert.deepEqual(await errorsOf(response), expected, JSON.stringify(json));
  }
  // Creations at once: each its own authorisation, none a 500.
  const many = await Promise.all(Array.from({ length: 8 }, () => create(customer.token)));
  assert.deepEqual(new Set(many.map((response) => response.status)), new Set([201]));
});

test("signing-keys rotate: a new current key; approvals of the old one still verify against the JWKS", async () => {
  const { customer, authenticator } = await withPasskey();
  const before = await created(customer.token);
  const first = await confirm(customer.token, before.id, { credential: authenticator.get(before.passkey_options!) });
  const { approval: oldApproval } = await first.json();
  const oldKid = decodeProtectedHeader(oldApproval).kid;

  const printed: unknown[] = [];
  const outcome = await runCommand(
    { command: "signing-keys rotate", args: [], options: {}, cwd: process.cwd() },
    (value) => printed.push(value),
  );
  assert.equal(outcome.exitCode, 0, outcome.error);
  const { kid: newKid, retired } = printed[0] as { kid: string; retired: string[] };
  assert.ok(retired.includes(oldKid as string));

  const after = await created(customer.token);
  const second = await confirm(customer.token, after.id, { credential: authenticator.get(after.passkey_options!) });
  const { approval: newApproval } = await second.json();
  assert.equal(decodeProtectedHeader(newApproval).kid, newKid);
  const kids = (await jwks()).keys.map((key) => key.kid);
  assert.ok(kids.includes(oldKid) && kids.includes(newKid));
  assert.equal((await verified(oldApproval)).payload.jti, before.id);
  assert.equal((await verified(newApproval)).payload.jti, after.id);
  const extra = await runCommand(
    { command: "signing-keys rotate", args: ["now"], options: {}, cwd: process.cwd() },
    () => {},
  );
  assert.equal(extra.exitCode, 2);
});

test("staff see the authorisations and lift the lock with a reason (audited); the export carries them", async () => {
  const customer = await withTotp();
  const id = await customerId(customer);
  const authorisation = await created(customer.token);
  const wrong = await wrongCode(customer.secret);
  for (let n = 0; n < 5; n++)
    assert.equal((await confirm(customer.token, authorisation.id, { code: wrong })).status, 400);
  assert.equal((await create(customer.token)).status, 429);

  const compliance = await staffSession(app, "compliance");
  const listed = await compliance.request(`/api/admin/customers/${id}/authorisations`);
  assert.equal(listed.status, 200);
  const body = await listed.json();
  assert.ok(Date.parse(body.locked_until) > Date.now());
  assert.equal(body.failures_in_a_row, 5);
  assert.deepEqual(
    body.authorisations.map((row: Record<string, unknown>) => [
      row.status,
      row.amount,
      row.payee_name,
      row.payee_iban_masked,
      row.failed_attempts,
    ]),
    [["failed", "1234.50", "Jane Doe", "****3000", 5]],
  );
  assert.ok(!JSON.stringify(body).includes("DE89370400440532013000"), "never the whole IBAN to staff");
  const operations = await staffSession(app, "operations");
  assert.equal((await operations.request(`/api/admin/customers/${id}/authorisations`)).status, 403);
  assert.equal((await compliance.request("/api/admin/customers/999999/authorisations")).status, 404);

  const lift = (json: unknown, who = compliance) =>
    who.request(`/api/admin/customers/${id}/authorisations/lift-lock`, { method: "POST", json });
  assert.equal((await lift({})).status, 400);
  assert.equal((await lift({ reason: "x\u0000" })).status, 400);
  assert.equal((await lift({ reason: "Called" }, operations)).status, 403);
  const lifted = await lift({ reason: "Customer confirmed on the phone" });
  assert.equal(lifted.status, 200, await lifted.clone().text());
  assert.equal((await lifted.json()).locked_until, null);
  assert.equal((await lift({ reason: "again" })).status, 400);
  const audit = await db().auditLog.findMany({ where: { action: "lift_sca_lock", resourceId: String(id) } });
  assert.equal(audit.length, 1);
  assert.equal(await db().customerEvent.count({ where: { customerId: id, type: "sca_lock_lifted_by_staff" } }), 1);
  assert.equal((await create(customer.token)).status, 201);

  const exported = await app.request("/client/v1/me/export", {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  assert.equal(exported.status, 200);
  const document = await exported.json();
  assert.deepEqual(
    document.export.payment_authorisations.map((row: Record<string, unknown>) => row.status),
    ["failed", "pending"],
  );
});
