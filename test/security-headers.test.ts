import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { reloadConfig } from "@/lib/platform/config";
import { refuseCrossOriginWrite } from "@/lib/http/origin";
import { setSecurityHeaders } from "@/lib/entry/server/security-headers";
import { startTestApp } from "./support/app";
import {
  bearer,
  DEVICE,
  login,
  register,
  registeredCustomer,
  RESET_URL,
  tokenFromLatestEmail,
  uniqueEmail,
} from "./support/accounts";
import { staffSession } from "./support/staff";

/**
 * The headers every response carries (Next's pages, 404s and files as well as the API), the back
 * office's Content-Security-Policy, and which answers no cache may keep.
 */
// The test plays a proxy that ends TLS: its X-Forwarded-Proto is believed from a trusted proxy only.
const app = await startTestApp({ TRUSTED_PROXIES: "127.0.0.1/32, ::1/128" });
const admin = await staffSession(app, "admin");

/** One of each kind of answer: pages, files, API successes and errors, next-auth's, and Next's own 404. */
async function everyKindOfAnswer(headers: Record<string, string> = {}): Promise<Response[]> {
  const page = await fetch(`${app.url}/admin`, { headers });
  const script = /<script[^>]* src="(\/_next\/static\/[^"]+\.js)"/.exec(await page.text())?.[1];
  assert.ok(script, "the back office page loads a script from /_next/static");
  const settings = await app.request("/client/v1/settings", { headers });
  const answers = [
    page,
    settings,
    await app.request("/client/v1/settings", {
      headers: { ...headers, "If-None-Match": settings.headers.get("etag")! },
    }),
    await app.fetch("/client/v1/settings", { headers }),
    await app.request("/client/v1/login", {
      method: "POST",
      headers: { ...headers, ...DEVICE },
      form: { email: "nobody@example.org", password: "x" },
    }),
    await app.request("/client/v1/no-such-thing", { headers }),
    await fetch(`${app.url}/`, { headers }),
    await fetch(`${app.url}/no-such-page`, { headers }),
    await fetch(`${app.url}${script}`, { headers }),
    await fetch(`${app.url}/api/health`, { headers }),
    await fetch(`${app.url}/api/auth/csrf`, { headers }),
    await admin.request("/api/admin/dashboard", { headers }),
    await fetch(`${app.url}/api/admin/dashboard`, { headers }),
  ];
  // Over https the session is the __Secure- cookie, which the sign-in over plain http did not set.
  const session = headers["X-Forwarded-Proto"] === "https" ? 401 : 200;
  assert.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 304, 401, 401, 404, 200, 404, 200, 200, 200, session, 401],
  );
  return answers;
}

test("every response carries X-Content-Type-Options and Referrer-Policy, and no HSTS over plain http", async () => {
  for (const answer of await everyKindOfAnswer()) {
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff", answer.url);
    assert.equal(answer.headers.get("referrer-policy"), "no-referrer", answer.url);
    assert.equal(answer.headers.get("strict-transport-security"), null, answer.url);
  }
});

test("behind a trusted proxy that ends TLS (X-Forwarded-Proto: https) every response carries HSTS", async () => {
  for (const answer of await everyKindOfAnswer({ "X-Forwarded-Proto": "https" })) {
    assert.equal(answer.headers.get("strict-transport-security"), "max-age=63072000; includeSubDomains", answer.url);
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff", answer.url);
  }
});

test("with an https PUBLIC_URL: HSTS on every response, and PUBLIC_URL's origin is the service's own", async (t) => {
  process.env.PUBLIC_URL = "https://accounts.example.test";
  reloadConfig();
  t.after(() => {
    delete process.env.PUBLIC_URL;
    reloadConfig();
  });
  const headersOf = (url: string) => {
    const response = new http.ServerResponse(new http.IncomingMessage(null as never));
    const request = Object.assign(new http.IncomingMessage(null as never), { url, headers: { host: "10.0.0.5:3000" } });
    setSecurityHeaders(request, response);
    return response.getHeaders();
  };
  assert.equal(headersOf("/client/v1/settings")["strict-transport-security"], "max-age=63072000; includeSubDomains");

  const write = (origin: string) =>
    new Request("http://10.0.0.5:3000/api/admin/staff", {
      method: "POST",
      headers: { Origin: origin, Host: "10.0.0.5:3000" },
    });
  assert.doesNotThrow(() => refuseCrossOriginWrite(write("https://accounts.example.test")));
  assert.doesNotThrow(
    () => refuseCrossOriginWrite(write("https://10.0.0.5:3000")),
    "the address the request was sent to, over https",
  );
  assert.throws(() => refuseCrossOriginWrite(write("http://accounts.example.test")), { status: 403 });
  assert.throws(() => refuseCrossOriginWrite(write("https://app.accounts.example.test")), { status: 403 });
});

test("the back office has a Content-Security-Policy: never framed, and only the page's own scripts, by a fresh nonce", async () => {
  const nonces = new Set<string>();
  for (let load = 0; load < 2; load++) {
    const page = await fetch(`${app.url}/admin`);
    const policy = page.headers.get("content-security-policy");
    assert.ok(policy, "a policy");
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    assert.deepEqual(directives.get("frame-ancestors"), ["'none'"]);
    assert.deepEqual(directives.get("object-src"), ["'none'"]);
    assert.deepEqual(directives.get("default-src"), ["'self'"]);
    const scriptSources = directives.get("script-src") ?? [];
    assert.ok(!scriptSources.includes("'unsafe-inline'") && !scriptSources.includes("'unsafe-eval'"));
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
      scriptSources.find((source) => source.startsWith("'nonce-")) ?? "",
    )?.[1];
    assert.ok(nonce && nonce.length >= 22, "a nonce of at least 128 bits");
    nonces.add(nonce);

    const scripts = (await page.text()).match(/<script\b[^>]*>/g) ?? [];
    assert.ok(scripts.length > 0);
    for (const script of scripts)
      assert.ok(script.includes(`nonce="${nonce}"`), `every script carries the nonce: ${script}`);
  }
  assert.equal(nonces.size, 2, "a new nonce for every response");
});

test("answers that carry tokens or account data are no-store; the reference reads keep private, no-cache and their ETag", async () => {
  const email = uniqueEmail();
  const registered = await register(app, email);
  const { token } = await registered.clone().json();
  await app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: DEVICE,
    form: { email, reset_password_url: RESET_URL },
  });
  const resetToken = await tokenFromLatestEmail(email, "reset_password");
  const customer = await registeredCustomer(app);
  const tokenBearing = [
    registered,
    await login(app, customer.email, customer.password),
    await login(app, customer.email, "wrong password"),
    await app.request("/client/v1/me", { headers: bearer(token) }),
    await app.request("/client/v1/me"),
    await app.request("/client/v1/forgot-password", {
      method: "POST",
      headers: DEVICE,
      form: { email, reset_password_url: RESET_URL },
    }),
    await app.request("/client/v1/reset-password", {
      method: "POST",
      headers: DEVICE,
      form: { token: resetToken, password: "a new password 1", confirm_password: "a new password 1" },
    }),
    await app.request("/client/v1/verify-email", { method: "POST", headers: DEVICE, form: { token: "unknown" } }),
    await app.request("/client/v1/logout", { method: "POST", headers: bearer(customer.token) }),
  ];
  assert.deepEqual(
    tokenBearing.map((answer) => answer.status),
    [201, 200, 401, 200, 401, 200, 200, 400, 200],
  );
  for (const answer of tokenBearing) assert.equal(answer.headers.get("cache-control"), "no-store", answer.url);

  for (const path of ["/client/v1/countries", "/client/v1/sources", "/client/v1/settings"]) {
    const fresh = await app.request(path);
    const revalidated = await app.request(path, { headers: { "If-None-Match": fresh.headers.get("etag")! } });
    assert.deepEqual([fresh.status, revalidated.status], [200, 304], path);
    for (const answer of [fresh, revalidated]) {
      assert.equal(answer.headers.get("cache-control"), "private, no-cache", path);
      assert.match(answer.headers.get("etag") ?? "", /^".+"$/, path);
    }
  }
});
