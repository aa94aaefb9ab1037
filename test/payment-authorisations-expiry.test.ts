import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { decodeProtectedHeader } from "jose";
import { runCommand } from "@/lib/entry/cli/commands";
import { errorsOf, startPasskeyApp } from "./support/passkey-flows";
import { totpCode } from "./support/staff";
import { authorisationFlows } from "./support/authorisation-flows";

// Payment authorisations past their time (issue 40): a short SCA_AUTHORISATION_TTL_SECONDS, so its
// approvals expire in as long, and a lock of SCA_LOCK_MINUTES=0.05 (3 s).
const TTL_SECONDS = 2;
const passkeyApp = await startPasskeyApp({
  SCA_AUTHORISATION_TTL_SECONDS: String(TTL_SECONDS),
  SCA_LOCK_MINUTES: "0.05",
});
const { withPasskey } = passkeyApp;
const { withTotp, forgetUsedSteps, wrongCode, create, created, confirm, read, jwks } = authorisationFlows(passkeyApp);

test("past its TTL: confirm is 400 authorisation/expired, then 409; it reads as expired", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = await created(customer.token);
  assert.ok(
    Date.parse((authorisation as unknown as { expires_at: string }).expires_at) - Date.now() <= TTL_SECONDS * 1000,
  );
  const credential = authenticator.get(authorisation.passkey_options!);
  await sleep(TTL_SECONDS * 1000 + 200);
  const late = await confirm(customer.token, authorisation.id, { credential });
  assert.equal(late.status, 400);
  assert.deepEqual(await errorsOf(late), ["authorisation:expired"]);
  assert.equal((await (await read(customer.token, authorisation.id)).json()).authorisation.status, "expired");
  const again = await confirm(customer.token, authorisation.id, { credential });
  assert.equal(again.status, 409);
});

test("a retired key leaves the JWKS once every approval it signed has expired", async () => {
  const { customer, authenticator } = await withPasskey();
  const authorisation = await created(customer.token);
  const answer = await confirm(customer.token, authorisation.id, {
    credential: authenticator.get(authorisation.passkey_options!),
  });
  assert.equal(answer.status, 200);
  const { approval } = await answer.json();
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
  await sleep(TTL_SECONDS * 1000 + 200);
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
  assert.equal((await create(customer.token)).status, 429);
  await sleep(3200);
  const next = await created(customer.token);
  await forgetUsedSteps(customer.email);
  // The count started again: one wrong code is not a lock.
  assert.equal((await confirm(customer.token, next.id, { code: wrong })).status, 400);
  const ok = await confirm(customer.token, next.id, { code: await totpCode(customer.secret) });
  assert.equal(ok.status, 200, await ok.clone().text());
});
