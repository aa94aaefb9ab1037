import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { runCommand } from "@/lib/entry/cli/commands";
import { db } from "./support/app";
import { errorsOf, startPasskeyApp } from "./support/passkey-flows";
import { totpCode } from "./support/staff";
import { authorisationFlows } from "./support/authorisation-flows";

// Payment authorisations past their time (issue 40), with SCA_AUTHORISATION_TTL_SECONDS and
// SCA_LOCK_MINUTES of this file's own. Time is moved on in the database, never waited for: the
// machine the tests run on may be slow.
const TTL_SECONDS = 60;
const passkeyApp = await startPasskeyApp({ SCA_AUTHORISATION_TTL_SECONDS: String(TTL_SECONDS), SCA_LOCK_MINUTES: "2" });
const { withPasskey } = passkeyApp;
const { withTotp, forgetUsedSteps, wrongCode, create, created, confirm, read, jwks } = authorisationFlows(passkeyApp);

const past = () => new Date(Date.now() - 1000);

test("past its TTL: confirm is 400 authorisation/expired, uncounted; it reads as expired", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = (await created(customer.token)) as Awaited<ReturnType<typeof created>> & {
    created_at: string;
    expires_at: string;
  };
  assert.equal(Date.parse(authorisation.expires_at) - Date.parse(authorisation.created_at), TTL_SECONDS * 1000);
  const credential = authenticator.get(authorisation.passkey_options!);
  await db().paymentAuthorisation.update({ where: { id: authorisation.id }, data: { expiresAt: past() } });
  const late = await confirm(customer.token, authorisation.id, { credential });
  assert.equal(late.status, 400);
  assert.deepEqual(await errorsOf(late), ["authorisation:expired"]);
  assert.equal((await (await read(customer.token, authorisation.id)).json()).authorisation.status, "expired");
  // Still past its time: the same answer, and nothing counted towards the lock.
  const again = await confirm(customer.token, authorisation.id, { credential });
  assert.equal(again.status, 400);
  assert.deepEqual(await errorsOf(again), ["authorisation:expired"]);
  assert.equal((await db().customer.findUniqueOrThrow({ where: { email: customer.email } })).scaFailures, 0);
});

test("a retired key leaves the JWKS once every approval it signed has expired", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = await created(customer.token);
  const answer = await confirm(customer.token, authorisation.id, {
    credential: authenticator.get(authorisation.passkey_options!),
  });
  assert.equal(answer.status, 200);
  const { approval } = await answer.json();
  const claims = decodeJwt(approval);
  assert.equal((claims.exp as number) - (claims.iat as number), TTL_SECONDS);
  const kid = decodeProtectedHeader(approval).kid;
  const outcome = await runCommand(
    { command: "signing-keys rotate", args: [], options: {}, cwd: process.cwd() },
    () => {},
  );
  assert.equal(outcome.exitCode, 0);
  assert.ok(
    (await jwks()).keys.some((key) => key.kid === kid),
    "kept while its approval is live",
  );
  await db().paymentAuthorisation.update({ where: { id: authorisation.id }, data: { approvalExpiresAt: past() } });
  const keys = (await jwks()).keys;
  assert.ok(!keys.some((key) => key.kid === kid), "gone once it has expired");
  assert.equal(keys.length, 1);
});

test("the lock ends after SCA_LOCK_MINUTES, with its count", async () => {
  const customer = await withTotp();
  const authorisation = await created(customer.token);
  const wrong = await wrongCode(customer.secret);
  for (let n = 0; n < 5; n++)
    assert.equal((await confirm(customer.token, authorisation.id, { code: wrong })).status, 400);
  const locked = await create(customer.token);
  assert.equal(locked.status, 429);
  assert.ok(Number(locked.headers.get("retry-after")) <= 120);
  await db().customer.update({ where: { email: customer.email }, data: { scaLockedUntil: past() } });
  const next = await created(customer.token);
  await forgetUsedSteps(customer.email);
  // The count started again: one wrong code is not a lock.
  assert.equal((await confirm(customer.token, next.id, { code: wrong })).status, 400);
  const ok = await confirm(customer.token, next.id, { code: await totpCode(customer.secret) });
  assert.equal(ok.status, 200, await ok.clone().text());
});
