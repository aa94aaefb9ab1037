/**
 * The tests' software authenticator (tooling/passkey-authenticator.ts) against
 * @simplewebauthn/server itself, so what the passkey tests send is known to be what a real
 * authenticator sends: its attestations and assertions verify, and each tampering is refused.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { FLAGS, PasskeyAuthenticator } from "@/tooling/passkey-authenticator";

const ORIGIN = "https://app.example.com";
const RP_ID = "example.com";

async function registered(authenticator = new PasskeyAuthenticator(ORIGIN)) {
  const options = await generateRegistrationOptions({ rpName: "Test", rpID: RP_ID, userName: "someone" });
  const response = authenticator.create(options);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification: true,
  });
  return { authenticator, options, response, verification };
}

test("a registration verifies with simplewebauthn: fmt none, the key, the flags", async () => {
  const { verification, response } = await registered();
  assert.equal(verification.verified, true);
  assert.equal(verification.registrationInfo?.fmt, "none");
  assert.equal(verification.registrationInfo?.credential.id, response.id);
  assert.equal(verification.registrationInfo?.userVerified, true);
  assert.equal(verification.registrationInfo?.credentialBackedUp, false);
});

test("an assertion verifies with simplewebauthn, and its counter moves on", async () => {
  const { authenticator, verification } = await registered();
  const credential = verification.registrationInfo!.credential;
  for (const expected of [1, 2]) {
    const options = await generateAuthenticationOptions({ rpID: RP_ID, userVerification: "required" });
    const result = await verifyAuthenticationResponse({
      response: authenticator.get(options),
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
      credential,
      requireUserVerification: true,
    });
    assert.equal(result.verified, true);
    assert.equal(result.authenticationInfo.newCounter, expected);
    credential.counter = result.authenticationInfo.newCounter;
  }
});

test("each tampering is refused by simplewebauthn", async () => {
  const { authenticator, options } = await registered();
  const expect = {
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification: true,
  };
  const credential = authenticator.credentials[0];
  for (const tamper of [
    { origin: "https://evil.example" },
    { rpId: "evil.example" },
    { challenge: "AAAA" },
    { type: "webauthn.get" },
    { flags: FLAGS.UP },
  ]) {
    await assert.rejects(
      verifyRegistrationResponse({
        response: authenticator.attestation(credential, options.challenge, tamper),
        ...expect,
      }),
      Error,
      JSON.stringify(tamper),
    );
  }
  // A forged signature: another key's signature over this credential's assertion.
  const first = await registered();
  const second = await registered();
  const challenge = Buffer.from("a challenge of our own").toString("base64url");
  const genuine = first.authenticator.get({ challenge });
  const forged = {
    ...genuine,
    response: { ...genuine.response, signature: second.authenticator.get({ challenge }).response.signature },
  };
  const verified = await verifyAuthenticationResponse({
    response: forged,
    expectedChallenge: challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential: first.verification.registrationInfo!.credential,
  }).then(
    (result) => result.verified,
    () => false,
  );
  assert.equal(verified, false);
});
