import assert from "node:assert/strict";
import { test } from "node:test";
import { requestOnNewConnection } from "@/tooling/server-process";
import { startTestAppWithResend } from "./support/app";
import { makeStaff, staffSession } from "./support/staff";

/**
 * Links in e-mails and next-auth's URLs are built on the configured address (here, unset
 * PUBLIC_URL: the one the server announced), never on the request's Host; X-Forwarded-Proto and
 * X-Forwarded-Host are believed only from TRUSTED_PROXIES. The test connects from 127.0.0.1 as
 * anyone, and from 127.0.0.2 as the trusted proxy.
 */
const { app, resend } = await startTestAppWithResend({ TRUSTED_PROXIES: "127.0.0.2/32" });
const admin = await staffSession(app, "admin");

const ANYONE = "127.0.0.1";
const TRUSTED_PROXY = "127.0.0.2";
const FORGED = { Host: "evil.example:8443", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

const from = (localAddress: string, path: string, init: Parameters<typeof requestOnNewConnection>[1] = {}) =>
  requestOnNewConnection(`${app.url}${path}`, { ...init, localAddress });

test("a staff reset link is on the announced address, whatever Host and forwarded headers anyone sends", async () => {
  const cases = [
    [ANYONE, { Host: "evil.example:8443" }],
    [ANYONE, FORGED],
    [TRUSTED_PROXY, FORGED],
    [TRUSTED_PROXY, { "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "198.51.100.7" }],
  ] as const;
  for (const [address, headers] of cases) {
    const staff = await makeStaff("operations");
    const forgot = await from(address, "/api/admin/password/forgot", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ email: staff.email }),
    });
    assert.equal(forgot.status, 200, forgot.body);
    const delivery = await resend.waitForDelivery((d) => d.body.to === staff.email);
    const links = `${delivery.body.text}\n${delivery.body.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    assert.ok(
      links.some((link) => link.startsWith(`${app.url}/admin/reset-password#token=`)),
      delivery.body.text,
    );
    assert.doesNotMatch(
      `${delivery.body.text}${delivery.body.html}`,
      /evil\.example/,
      `${address} ${JSON.stringify(headers)}`,
    );
  }
});

test("X-Forwarded-Proto is believed only from a trusted proxy: HSTS and the __Secure- cookies", async () => {
  const https = { "X-Forwarded-Proto": "https" };
  const anyone = await from(ANYONE, "/api/auth/csrf", { headers: https });
  assert.equal(anyone.headers["strict-transport-security"], undefined);
  assert.match(String(anyone.headers["set-cookie"]), /^next-auth\.csrf-token=/);
  assert.doesNotMatch(String(anyone.headers["set-cookie"]), /;\s*Secure/i);

  const proxied = await from(TRUSTED_PROXY, "/api/auth/csrf", { headers: https });
  assert.equal(proxied.headers["strict-transport-security"], "max-age=63072000; includeSubDomains");
  assert.match(String(proxied.headers["set-cookie"]), /^__Host-next-auth\.csrf-token=.*;\s*Secure/i);
});

test("X-Forwarded-Host makes an origin the service's own only from a trusted proxy", async () => {
  const cookie = admin.jar.header();
  const write = (address: string) =>
    from(address, "/api/admin/locales", {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: "http://evil.example",
        "X-Forwarded-Host": "evil.example",
        "Content-Type": "application/json",
      },
      body: "{}",
    });
  assert.equal((await write(ANYONE)).status, 403, "a forged X-Forwarded-Host is no own origin");
  // Past the origin check, the empty body is refused for what it is.
  assert.equal((await write(TRUSTED_PROXY)).status, 400, "the address a trusted proxy was asked for is");
});

test("next-auth's redirects and URLs stay on the announced address, whatever Host and forwarded headers say", async () => {
  for (const address of [ANYONE, TRUSTED_PROXY]) {
    const providers = await from(address, "/api/auth/providers", { headers: FORGED });
    assert.equal(providers.status, 200);
    assert.equal(JSON.parse(providers.body).credentials.callbackUrl, `${app.url}/api/auth/callback/credentials`);

    const signInPage = await from(
      address,
      `/api/auth/signin?callbackUrl=${encodeURIComponent("https://evil.example/")}`,
      {
        headers: FORGED,
      },
    );
    assert.equal(signInPage.status, 302);
    assert.doesNotMatch(decodeURIComponent(signInPage.headers.location ?? ""), /evil\.example/);

    const csrf = await from(address, "/api/auth/csrf", { headers: FORGED });
    const csrfCookie = String(csrf.headers["set-cookie"]).split(";")[0];
    const signOut = await from(address, "/api/auth/signout", {
      method: "POST",
      headers: { ...FORGED, Cookie: csrfCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken: JSON.parse(csrf.body).csrfToken,
        callbackUrl: "https://evil.example/",
        json: "true",
      }).toString(),
    });
    assert.equal(signOut.status, 200, signOut.body);
    assert.ok(JSON.parse(signOut.body).url.startsWith(app.url), signOut.body);
  }
});
