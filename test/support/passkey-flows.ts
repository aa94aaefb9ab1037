/**
 * The passkey test files' app and flows (test/passkeys.test.ts, test/passkey-login.test.ts): the app
 * with passkeys on and low challenge limits, a second API client for an Android app, and the two
 * steps of adding a passkey and of logging in with one, through either client, with the software
 * authenticator (passkey-authenticator.ts). Every call comes from an address of its own, so the
 * per-IP challenge limit is tested only where a test says so.
 */
import assert from "node:assert/strict";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { db, startTestApp, testAppOn, type TestApp } from "./app";
import { bearer, DEVICE, registeredCustomer } from "./accounts";
import { PasskeyAuthenticator, type Tamper } from "@/tooling/passkey-authenticator";

export const RP_ID = "example.com";
export const CHALLENGES_PER_IP = 5;
export const CHALLENGES_PER_ACCOUNT = 16;
export const ANDROID_ORIGIN = `android:apk-key-hash:${Buffer.alloc(32, 7).toString("base64url")}`;

export type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

/** `env` adds to or overrides the settings below. */
export async function startPasskeyApp(env: Record<string, string> = {}) {
  const app = await startTestApp({
    WEBAUTHN_RP_ID: RP_ID,
    LOGIN_MAX_FAILURES_PER_IP: "100000",
    PASSKEY_CHALLENGES_MAX_PER_IP: String(CHALLENGES_PER_IP),
    PASSKEY_CHALLENGES_MAX_PER_ACCOUNT: String(CHALLENGES_PER_ACCOUNT),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ...env,
  });
  const androidClient = await createApiClient({ name: "Android app", allowed_origins: [ANDROID_ORIGIN] });
  const android = testAppOn(app.url, { clientId: androidClient.client_id, clientSecret: androidClient.client_secret });

  let addresses = 0;
  /** The device headers from an address of its own. */
  const device = () => {
    addresses += 1;
    return { ...DEVICE, "X-Client-IP": `10.9.${addresses >> 8}.${addresses & 0xff}` };
  };

  const post = (
    path: string,
    json: unknown,
    token?: string,
    headers: Record<string, string> = device(),
    via: TestApp = app,
  ) => via.request(path, { method: "POST", headers: { ...headers, ...(token ? bearer(token) : {}) }, json });

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

  /** A customer with one passkey on `authenticator`. */
  async function withPasskey(authenticator = new PasskeyAuthenticator()) {
    const customer = await registeredCustomer(app);
    const { challenge_id, options } = await registrationOptions(customer);
    const response = await post(
      "/client/v1/me/passkeys/registration/verify",
      { challenge_id, credential: authenticator.create(options), name: "My phone" },
      customer.token,
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

  return { app, android, device, post, registrationOptions, withPasskey, loginOptions, passkeyLogin };
}

/** The field errors of a 400, as "param:code", sorted. */
export const errorsOf = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

export const customerId = async (customer: Customer) =>
  (await db().customer.findUniqueOrThrow({ where: { email: customer.email } })).id;
