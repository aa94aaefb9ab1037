/**
 * The payment-authorisation test files' flows (test/payment-authorisations*.test.ts): on the
 * passkey app (passkey-flows.ts), a customer with TOTP on, creating an authorisation, confirming it
 * with an assertion or a code, wrong codes, and the JWKS as a payment backend reads it (jose).
 */
import assert from "node:assert/strict";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { totpCode } from "./staff";
import { db } from "./app";
import { registeredCustomer } from "./accounts";
import type { startPasskeyApp } from "./passkey-flows";

export const PAYMENT = {
  amount: "1234.5",
  currency: "EUR",
  payee: { name: "Jane Doe", iban: "DE89 3704 0044 0532 0130 00" },
  reference: "Invoice 42",
};

export type PasskeyApp = Awaited<ReturnType<typeof startPasskeyApp>>;

export function authorisationFlows({ app, post }: PasskeyApp) {
  /** A customer with TOTP on, every step usable again. */
  async function withTotp() {
    const customer = await registeredCustomer(app);
    const started = await post("/client/v1/me/mfa/totp", { password: customer.password }, customer.token);
    assert.equal(started.status, 200);
    const { secret } = await started.json();
    const confirmed = await post("/client/v1/me/mfa/totp/confirm", { code: await totpCode(secret) }, customer.token);
    assert.equal(confirmed.status, 200);
    await forgetUsedSteps(customer.email);
    return { ...customer, secret: secret as string };
  }

  const forgetUsedSteps = (email: string) => db().customer.update({ where: { email }, data: { totpLastStep: null } });

  /** A well-formed code that is none of `secret`'s valid ones now. */
  async function wrongCode(secret: string): Promise<string> {
    const valid = await Promise.all([-1, 0, 1].map((offset) => totpCode(secret, offset)));
    let code = 0;
    while (valid.includes(String(code).padStart(6, "0"))) code += 1;
    return String(code).padStart(6, "0");
  }

  const create = (token: string, json: unknown = PAYMENT) => post("/client/v1/authorisations", json, token);

  async function created(token: string, json: unknown = PAYMENT) {
    const response = await create(token, json);
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()).authorisation as {
      id: string;
      status: string;
      amount: string;
      display_text: string;
      methods: string[];
      payee: { name: string; iban_masked: string };
      passkey_options: { challenge: string; rpId: string; allowCredentials?: { id: string }[] } | null;
    };
  }

  const confirm = (token: string, id: string, json: unknown) =>
    post(`/client/v1/authorisations/${id}/confirm`, json, token);

  const read = (token: string, id: string) =>
    app.request(`/client/v1/authorisations/${id}`, { headers: { Authorization: `Bearer ${token}` } });

  /** The JWKS as a payment backend fetches it. */
  async function jwks(): Promise<JSONWebKeySet> {
    const response = await app.fetch("/.well-known/jwks.json");
    assert.equal(response.status, 200);
    return response.json();
  }

  /** The approval verified as a payment backend would: its claims, or the error jose throws. */
  async function verified(approval: string) {
    const { payload, protectedHeader } = await jwtVerify(approval, createLocalJWKSet(await jwks()), {
      algorithms: ["ES256"],
      typ: "sca-approval+jwt",
      clockTolerance: 30,
    });
    return { payload, protectedHeader };
  }

  return { withTotp, forgetUsedSteps, wrongCode, create, created, confirm, read, jwks, verified };
}
