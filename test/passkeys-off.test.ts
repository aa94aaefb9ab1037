/**
 * Passkeys while WEBAUTHN_RP_ID is unset (the default): every passkey operation answers 404 with a
 * message that says why, before any password is checked or challenge made. And the allowed-origin
 * rule that passkeys need: an Android app's `android:apk-key-hash:` origin is storable, malformed
 * ones are refused with the rule named.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { originSchema } from "@/lib/domain/api-clients/api-client-schemas";
import { db, startTestApp } from "./support/app";
import { bearer, DEVICE, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";

const app = await startTestApp();

test("with WEBAUTHN_RP_ID unset, every passkey operation is a 404 that says why", async () => {
  const customer = await registeredCustomer(app);
  const post = (path: string, json: unknown, token?: string) =>
    app.request(path, { method: "POST", headers: { ...DEVICE, ...(token ? bearer(token) : {}) }, json });
  for (const response of [
    await post("/client/v1/me/passkeys/registration/options", { password: customer.password }, customer.token),
    await app.request("/client/v1/me/passkeys", { headers: bearer(customer.token) }),
    await post("/client/v1/me/passkeys/1", { name: "x" }, customer.token),
    await post("/client/v1/me/passkeys/1/remove", { password: customer.password }, customer.token),
    await post("/client/v1/passkeys/authentication/options", {}),
  ]) {
    assert.equal(response.status, 404);
    assert.match((await response.json()).message, /WEBAUTHN_RP_ID/);
  }
  assert.equal(await db().passkeyChallenge.count(), 0);
});

test("an Android app's origin is an allowed origin; malformed ones are refused, naming the rule", async () => {
  const hash = Buffer.alloc(32, 1).toString("base64url");
  assert.deepEqual(originSchema.safeParse(`android:apk-key-hash:${hash}`).data, `android:apk-key-hash:${hash}`);
  for (const bad of [
    "android:apk-key-hash:",
    `android:apk-key-hash:${hash}=`,
    `android:apk-key-hash:${hash.slice(1)}!`,
    `android:apk-key-hash:${hash}A`,
    `android:apk-key-hash:${hash.slice(0, 20)}\u0000${hash.slice(21)}`,
    `android:apk-key-hash:${"A".repeat(5000)}`,
    `ios:bundle:${hash}`,
  ]) {
    const parsed = originSchema.safeParse(bad);
    assert.equal(parsed.success, false, bad);
    assert.match(parsed.error!.issues[0].message, /android:apk-key-hash/);
  }
  const admin = await staffSession(app, "admin");
  const created = await admin.request("/api/admin/clients", {
    method: "POST",
    json: { name: "Android", allowed_origins: ["https://app.example.com", `android:apk-key-hash:${hash}`] },
  });
  assert.equal(created.status, 201, await created.clone().text());
  assert.deepEqual((await created.json()).allowed_origins, ["https://app.example.com", `android:apk-key-hash:${hash}`]);
});
