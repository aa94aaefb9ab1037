import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { bearer, DEVICE, registeredCustomer, tokenFromLatestEmail } from "./support/accounts";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { sha256 } from "@/lib/platform/secrets";

const app = await startTestApp();

test("/me describes the customer behind the token", async () => {
  const customer = await registeredCustomer(app);
  const response = await app.request("/client/v1/me", { headers: bearer(customer.token) });
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.code, 200);
  assert.deepEqual(Object.keys(body.customer), ["email", "email_verified", "created_at", "locale"]);
  assert.equal(body.customer.locale, "en_GB", "the first enabled locale, by default");
  assert.equal(body.customer.email, customer.email);
  assert.equal(body.customer.email_verified, false);
  assert.ok(!Number.isNaN(Date.parse(body.customer.created_at)));
});

test("missing, malformed, unknown and expired tokens are a 401", async () => {
  const customer = await registeredCustomer(app);
  await db().loginToken.updateMany({
    where: { tokenHash: sha256(customer.token) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  for (const headers of [{}, { Authorization: "Basic abc" }, bearer("not-a-real-token"), bearer(customer.token)]) {
    const response = await app.request("/client/v1/me", { headers });
    assert.equal(response.status, 401, JSON.stringify(headers));
    assert.equal((await response.json()).type, "authentication_error");
  }
});

test("a token works only through the API client it was issued to", async () => {
  const customer = await registeredCustomer(app);
  const client = await createApiClient({ name: "Other app", allowed_origins: ["https://app.example.com"] });
  const response = await app.fetch("/client/v1/me", {
    headers: { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret, ...bearer(customer.token) },
  });
  assert.equal(response.status, 401);
});

test("logout revokes the token presented, and only that one", async () => {
  const customer = await registeredCustomer(app);
  const second = await (
    await app.request("/client/v1/login", {
      method: "POST",
      headers: DEVICE,
      form: { email: customer.email, password: customer.password },
    })
  ).json();
  const out = await app.request("/client/v1/logout", { method: "POST", headers: bearer(customer.token) });
  assert.equal(out.status, 200);
  assert.deepEqual(await out.json(), { code: 200, message: "Success" });
  assert.equal((await app.request("/client/v1/me", { headers: bearer(customer.token) })).status, 401);
  assert.equal((await app.request("/client/v1/me", { headers: bearer(second.token) })).status, 200);
  assert.equal(
    (await app.request("/client/v1/logout", { method: "POST", headers: bearer(customer.token) })).status,
    401,
  );
});

test("the verification link verifies the e-mail once", async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  const verify = () => app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token } });
  const first = await verify();
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { code: 200, message: "Success" });
  const me = await (await app.request("/client/v1/me", { headers: bearer(customer.token) })).json();
  assert.equal(me.customer.email_verified, true);
  const again = await verify();
  assert.equal(again.status, 400);
  assert.deepEqual(
    (await again.json()).errors.map((e: { param: string; code: string }) => `${e.param}:${e.code}`),
    ["token:invalid"],
  );
});

test("an expired verification link is invalid", async () => {
  const customer = await registeredCustomer(app);
  const token = await tokenFromLatestEmail(customer.email, "verify_email");
  await db().emailToken.update({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1) } });
  const response = await app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token } });
  assert.equal(response.status, 400);
  assert.equal((await response.json()).errors[0].code, "invalid");
});
