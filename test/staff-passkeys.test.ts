/**
 * Staff passkeys (issue 39) over HTTP against the production build, with the software authenticator
 * (tooling/passkey-authenticator.ts) at the back office's own origin: adding one on the member's
 * profile after the step-up (password, and the code for a member with two-factor), listing, renaming
 * and removing; signing in with it alone through next-auth's "passkey" provider, which satisfies an
 * admin's two-factor; every refusal (another origin, a customer's challenge, a replay, a counter
 * that went back, an inactive member, a removed passkey) and its audit entry; hostile input; the same
 * assertion twice at once; the per-credential and per-IP limits under concurrency.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { db, startTestApp } from "./support/app";
import { CookieJar, STAFF_PASSWORD, staffSession, totpCode } from "./support/staff";
import { PasskeyAuthenticator, type Tamper } from "@/tooling/passkey-authenticator";

const CHALLENGES_PER_IP = 120;
const app = await startTestApp({
  WEBAUTHN_RP_ID: "example.com",
  STAFF_LOGIN_MAX_FAILURES_PER_IP: "100000",
  LOGIN_MAX_FAILURES_PER_EMAIL: "10",
  PASSKEY_CHALLENGES_MAX_PER_IP: String(CHALLENGES_PER_IP),
});
// The back office's own origin: the one the requests are addressed to (PUBLIC_URL is not set).
const ORIGIN = new URL(app.url).origin;
// The relying party is the business's domain; the software authenticator signs for it as a browser would.
const authenticatorFor = () => new PasskeyAuthenticator(ORIGIN);

type Session = Awaited<ReturnType<typeof staffSession>>;

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

/** The field errors of a 400, as "param:code", sorted. */
const errorsOf = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

async function registrationOptions(member: Session, stepUp: Record<string, unknown>) {
  return member.request("/api/admin/me/passkeys/registration/options", { method: "POST", json: stepUp });
}

/** A member of `role` with one passkey on a new authenticator; `code` for a member with two-factor. */
async function memberWithPasskey(role: "admin" | "operations" | "compliance" = "operations") {
  const member = await staffSession(app, role);
  const code = member.twoFactor ? { code: await totpCode(member.twoFactor.secret, 1) } : {};
  const options = await registrationOptions(member, { current_password: STAFF_PASSWORD, ...code });
  assert.equal(options.status, 200, await options.clone().text());
  const { challenge_id, options: creation } = await options.json();
  const authenticator = authenticatorFor();
  const added = await member.request("/api/admin/me/passkeys/registration/verify", {
    method: "POST",
    json: { challenge_id, credential: authenticator.create(creation), name: "Work laptop" },
  });
  assert.equal(added.status, 201, await added.clone().text());
  return { member, authenticator, passkey: await added.json() };
}

async function signInOptions() {
  const response = await fetch(`${app.url}/api/admin/passkeys/authentication/options`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  return response;
}

/** next-auth's passkey sign-in as the page makes it: the CSRF token, then the form with the credential's JSON. */
async function postAssertion(fields: Record<string, string>) {
  const jar = new CookieJar();
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = await csrf.json();
  const response = await fetch(`${app.url}/api/auth/callback/passkey`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, ...fields, json: "true" }),
    redirect: "manual",
  });
  jar.store(response);
  return { status: response.status, jar };
}

/** Options, the authenticator's assertion (tampered as asked) and the sign-in. */
async function passkeySignIn(authenticator: PasskeyAuthenticator, tamper: Tamper = {}) {
  const options = await signInOptions();
  assert.equal(options.status, 200, await options.clone().text());
  const { challenge_id, options: request } = await options.json();
  const credential = authenticator.get(request, tamper);
  return {
    ...(await postAssertion({ challenge_id, credential: JSON.stringify(credential) })),
    challenge_id,
    credential,
  };
}

/** The session a jar carries, as the back office reads it. */
async function sessionOf(jar: CookieJar) {
  const response = await fetch(`${app.url}/api/auth/session`, { headers: { Cookie: jar.header() } });
  return (await response.json()) as { user?: { id: number; role: string; twoFactor: boolean } };
}

const signInEntries = (staffId: number) =>
  db().auditLog.findMany({ where: { action: "sign_in", resourceId: String(staffId) }, orderBy: { id: "asc" } });

test("a member adds a passkey after the password: the options, 201, listed, audited; then signs in with it alone", async () => {
  const member = await staffSession(app, "operations");
  assert.deepEqual(await errorsOf(await registrationOptions(member, {})), ["current_password:required"]);
  assert.deepEqual(await errorsOf(await registrationOptions(member, { current_password: "wrong one" })), [
    "current_password:invalid",
  ]);
  const options = await json(await registrationOptions(member, { current_password: STAFF_PASSWORD }));
  assert.equal(options.status, 200);
  const creation = options.body.options;
  assert.equal(creation.rp.id, "example.com");
  assert.equal(creation.authenticatorSelection.residentKey, "required");
  assert.equal(creation.authenticatorSelection.userVerification, "required");
  assert.equal(creation.attestation, "none");
  assert.notEqual(creation.user.id, Buffer.from(String(member.staff.id)).toString("base64url"));
  assert.ok(!JSON.stringify(creation.user.id).includes(member.staff.email));

  const authenticator = authenticatorFor();
  const added = await member.request("/api/admin/me/passkeys/registration/verify", {
    method: "POST",
    json: { challenge_id: options.body.challenge_id, credential: authenticator.create(creation), name: "YubiKey" },
  });
  assert.equal(added.status, 201, await added.clone().text());
  const passkey = await added.json();
  assert.equal(passkey.name, "YubiKey");
  assert.equal(passkey.last_used_at, null);
  assert.ok(!("credential_id" in passkey) && !("public_key" in passkey));
  assert.deepEqual(await (await member.request("/api/admin/me/passkeys")).json(), [passkey]);
  const audit = await db().auditLog.findFirstOrThrow({ where: { action: "add_passkey", staffId: member.staff.id } });
  assert.deepEqual([audit.resource, audit.resourceId], ["staff", String(member.staff.id)]);
  const next = await json(await registrationOptions(member, { current_password: STAFF_PASSWORD }));
  assert.equal(next.body.options.excludeCredentials.length, 1);

  const signedIn = await passkeySignIn(authenticator);
  assert.equal(signedIn.status, 200);
  const session = await sessionOf(signedIn.jar);
  assert.equal(session.user?.id, member.staff.id);
  const entries = await signInEntries(member.staff.id);
  assert.deepEqual(
    entries.map((entry) => [entry.outcome, entry.after]),
    [
      ["success", { method: "password" }],
      ["success", { method: "passkey" }],
    ],
  );
  const row = await db().staffPasskey.findFirstOrThrow({ where: { id: passkey.id } });
  assert.ok(row.lastUsedAt);
  assert.equal(row.signCount, 1n);
});

test("an admin who must use two-factor steps up with a code, and a passkey signs them in with no code asked", async () => {
  const admin = await staffSession(app, "admin");
  assert.ok(admin.twoFactor);
  assert.deepEqual(await errorsOf(await registrationOptions(admin, { current_password: STAFF_PASSWORD })), [
    "code:required",
  ]);
  assert.deepEqual(
    await errorsOf(await registrationOptions(admin, { current_password: STAFF_PASSWORD, code: "000000" })),
    ["code:invalid"],
  );
  const { member, authenticator } = await memberWithPasskey("admin");
  const signedIn = await passkeySignIn(authenticator);
  assert.equal(signedIn.status, 200);
  const session = await sessionOf(signedIn.jar);
  assert.equal(session.user?.id, member.staff.id);
  assert.equal(session.user?.twoFactor, true);
  // Not held at enrolment: the admin API answers.
  const staffList = await fetch(`${app.url}/api/admin/staff`, { headers: { Cookie: signedIn.jar.header() } });
  assert.equal(staffList.status, 200, await staffList.clone().text());
});

test("refused, one 401 each and audited: another origin, RP ID, no user verification, a replay, a customer's challenge, a counter gone back, an inactive member, a removed passkey", async () => {
  const { member, authenticator, passkey } = await memberWithPasskey();
  const before = (await signInEntries(member.staff.id)).length;
  for (const tamper of [
    { origin: "https://evil.example.com" },
    { origin: "https://app.example.com" },
    { rpId: "evil.com" },
    { flags: 0x01 },
  ] satisfies Tamper[]) {
    assert.equal((await passkeySignIn(authenticator, tamper)).status, 401, JSON.stringify(tamper));
  }
  // A replay of a challenge already used.
  const first = await passkeySignIn(authenticator);
  assert.equal(first.status, 200);
  const options = await json(await signInOptions());
  const replay = await postAssertion({
    challenge_id: first.challenge_id,
    credential: JSON.stringify(authenticator.get(options.body.options)),
  });
  assert.equal(replay.status, 401);
  // A customer's login challenge (through an API client) is not the back office's.
  const customerOptions = await app.request("/client/v1/passkeys/authentication/options", {
    method: "POST",
    headers: { "X-Client-IP": "198.51.100.9", "X-Client-UA": "Test/1", "X-Client-Fingerprint": "fp" },
    json: {},
  });
  assert.equal(customerOptions.status, 200, await customerOptions.clone().text());
  const theirs = await customerOptions.json();
  const crossed = await postAssertion({
    challenge_id: theirs.challenge_id,
    credential: JSON.stringify(authenticator.get(theirs.options)),
  });
  assert.equal(crossed.status, 401);
  // A counter that went back: a copy of the key.
  const stored = await db().staffPasskey.findFirstOrThrow({ where: { id: passkey.id } });
  assert.equal((await passkeySignIn(authenticator, { signCount: Number(stored.signCount) })).status, 401);
  assert.equal((await db().staffPasskey.findFirstOrThrow({ where: { id: passkey.id } })).signCount, stored.signCount);

  await db().staff.update({ where: { id: member.staff.id }, data: { active: false } });
  assert.equal((await passkeySignIn(authenticator)).status, 401);
  await db().staff.update({ where: { id: member.staff.id }, data: { active: true } });
  const outcomes = (await signInEntries(member.staff.id)).slice(before).map((entry) => entry.outcome);
  // Four tampered, the success, the counter gone back, inactive; the replay and the customer's
  // challenge found no passkey to name a member by.
  assert.deepEqual(outcomes, [...Array(4).fill("wrong_credentials"), "success", "wrong_credentials", "inactive"]);
  const unknownEntries = await db().auditLog.count({
    where: { action: "sign_in", outcome: "wrong_credentials", email: "", after: { equals: { method: "passkey" } } },
  });
  assert.ok(unknownEntries >= 2, `${unknownEntries} refusals recorded without a member`);

  // Removed (after the step-up): it signs in no more.
  const removeWithout = await member.request(`/api/admin/me/passkeys/${passkey.id}/remove`, {
    method: "POST",
    json: {},
  });
  assert.deepEqual(await errorsOf(removeWithout), ["current_password:required"]);
  const removed = await member.request(`/api/admin/me/passkeys/${passkey.id}/remove`, {
    method: "POST",
    json: { current_password: STAFF_PASSWORD },
  });
  assert.equal(removed.status, 200, await removed.clone().text());
  assert.equal(await db().auditLog.count({ where: { action: "remove_passkey", staffId: member.staff.id } }), 1);
  assert.equal((await passkeySignIn(authenticator)).status, 401);
});

test("renaming and removing: the member's own passkeys only, names validated", async () => {
  const { member, passkey } = await memberWithPasskey();
  const other = await staffSession(app, "compliance");
  const rename = (session: Session, id: string | number, body: unknown) =>
    session.request(`/api/admin/me/passkeys/${id}`, { method: "POST", json: body });
  const renamed = await rename(member, passkey.id, { name: "Desk key" });
  assert.equal(renamed.status, 200);
  assert.equal((await renamed.json()).name, "Desk key");
  assert.equal((await rename(other, passkey.id, { name: "Mine now" })).status, 404);
  for (const id of ["0", "-1", "1e3", "99999999999", "abc"])
    assert.equal((await rename(member, id, { name: "x" })).status, 404);
  for (const name of ["", "a\u0000b", "bell\u0007", "x".repeat(101), 42, null]) {
    const response = await rename(member, passkey.id, { name });
    assert.equal(response.status, 400, JSON.stringify(name));
    assert.deepEqual(
      (await errorsOf(response)).map((error) => error.split(":")[0]),
      ["name"],
    );
  }
  const stranger = await other.request(`/api/admin/me/passkeys/${passkey.id}/remove`, {
    method: "POST",
    json: { current_password: STAFF_PASSWORD },
  });
  assert.equal(stranger.status, 404);
  assert.equal((await (await member.request("/api/admin/me/passkeys")).json())[0].name, "Desk key");
});

test("hostile registrations and sign-ins: a clear 400, 401 or 413, never a 500, nothing stored", async () => {
  const member = await staffSession(app, "operations");
  const fresh = async () => (await json(await registrationOptions(member, { current_password: STAFF_PASSWORD }))).body;
  const verify = (body: unknown) =>
    member.request("/api/admin/me/passkeys/registration/verify", { method: "POST", json: body });
  const { challenge_id, options } = await fresh();
  const good = authenticatorFor().create(options);
  const cases: [string, unknown][] = [
    ["id not base64url", { ...good, id: "not base64url!" }],
    ["id oversized", { ...good, id: "A".repeat(5000), rawId: "A".repeat(5000) }],
    ["attestationObject not base64url", { ...good, response: { ...good.response, attestationObject: "%%%" } }],
    ["attestationObject lying CBOR", { ...good, response: { ...good.response, attestationObject: "oWNmbXRkbm9uZQ" } }],
    ["clientDataJSON oversized", { ...good, response: { ...good.response, clientDataJSON: "A".repeat(10_000) } }],
    ["type", { ...good, type: "password" }],
    ["not an object", "credential"],
    ["missing", undefined],
  ];
  for (const [label, credential] of cases) {
    const response = await verify({ challenge_id, credential });
    assert.equal(response.status, 400, label);
  }
  const otherFormat = authenticatorFor();
  const fmt = await fresh();
  assert.equal(
    (await verify({ challenge_id: fmt.challenge_id, credential: otherFormat.create(fmt.options, { fmt: "packed" }) }))
      .status,
    400,
  );
  const named = await fresh();
  const badName = await verify({
    challenge_id: named.challenge_id,
    credential: authenticatorFor().create(named.options),
    name: "bad\u0007name",
  });
  assert.equal(badName.status, 400);
  assert.deepEqual(
    (await errorsOf(badName)).map((error) => error.split(":")[0]),
    ["name"],
  );
  assert.equal((await verify({ challenge_id: "x".repeat(65), credential: good })).status, 400);
  assert.equal(await db().staffPasskey.count({ where: { staffId: member.staff.id } }), 0);

  const { challenge_id: signInChallenge } = (await json(await signInOptions())).body;
  for (const credential of ["not json", "[]", "null", JSON.stringify({ id: "A".repeat(3000) }), '{"id":"\\u0000"}']) {
    const response = await postAssertion({ challenge_id: signInChallenge, credential });
    assert.equal(response.status, 401, credential.slice(0, 20));
  }
  const oversized = await postAssertion({ challenge_id: signInChallenge, credential: "A".repeat(70_000) });
  assert.equal(oversized.status, 413);
  const wrongType = await fetch(`${app.url}/api/admin/passkeys/authentication/options`, { method: "POST", body: "{}" });
  assert.equal(wrongType.status, 415);
});

test("the same registration twice at once adds one passkey; the same assertion twice at once starts one session", async () => {
  const member = await staffSession(app, "operations");
  const { challenge_id, options } = (
    await json(await registrationOptions(member, { current_password: STAFF_PASSWORD }))
  ).body;
  const credential = authenticatorFor().create(options);
  const answers = await Promise.all(
    [1, 2, 3].map(() =>
      member.request("/api/admin/me/passkeys/registration/verify", {
        method: "POST",
        json: { challenge_id, credential },
      }),
    ),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 400, 400]);

  const { authenticator } = await memberWithPasskey();
  const request = (await json(await signInOptions())).body;
  const assertion = JSON.stringify(authenticator.get(request.options));
  const attempts = await Promise.all(
    [1, 2, 3, 4].map(() => postAssertion({ challenge_id: request.challenge_id, credential: assertion })),
  );
  assert.deepEqual(attempts.map((attempt) => attempt.status).sort(), [200, 401, 401, 401]);
});

test("failed sign-ins per credential and challenges per IP are limited, under concurrency", async () => {
  const { authenticator } = await memberWithPasskey();
  const options = await Promise.all(Array.from({ length: 14 }, () => signInOptions()));
  const requests = await Promise.all(options.map((response) => response.json()));
  const failures = await Promise.all(
    requests.map((request) =>
      postAssertion({
        challenge_id: request.challenge_id,
        credential: JSON.stringify(authenticator.get(request.options, { origin: "https://evil.example.com" })),
      }),
    ),
  );
  const statuses = failures.map((failure) => failure.status);
  assert.equal(statuses.filter((status) => status === 401).length, 10, statuses.join(","));
  assert.equal(statuses.filter((status) => status === 429).length, 4);
  // The credential is spent for the window, even with a right assertion.
  assert.equal((await passkeySignIn(authenticator)).status, 429);

  // In waves of 10 at once: a burst of 140 at once outruns the database pool (503) on a busy machine.
  const codes: number[] = [];
  for (let wave = 0; wave < (CHALLENGES_PER_IP + 20) / 10; wave++) {
    const answers = await Promise.all(Array.from({ length: 10 }, () => signInOptions()));
    codes.push(...answers.map((response) => response.status));
  }
  assert.ok(
    codes.every((code) => code === 200 || code === 429),
    codes.join(","),
  );
  assert.ok(codes.filter((code) => code === 429).length >= 20);
  assert.equal((await signInOptions()).status, 429);
  const limited = await signInOptions();
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
});
