import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { DEVICE, registeredCustomer, sentText, uniqueEmail } from "./support/accounts";
import { linkWithToken, parseLinkTemplate } from "@/lib/platform/validation/link-template";

/**
 * Link templates (`email_verification_url`, `reset_password_url`) are judged by what they parse to,
 * and the link e-mailed is built from the parsed URL: a template that reads as one host to us and
 * as another to a mail client must never be accepted.
 */
const app = await startTestApp();

const PASSWORD = "correct horse battery";

function register(email: string, template: unknown) {
  return app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    json: { email, password: PASSWORD, confirm_password: PASSWORD, email_verification_url: template },
  });
}

function forgot(email: string, template: unknown) {
  return app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: { ...DEVICE, "X-Client-IP": "198.51.100.77" },
    json: { email, reset_password_url: template },
  });
}

async function codesOf(response: Response): Promise<string[]> {
  assert.equal(response.status, 400);
  const body = await response.json();
  return body.errors.map((entry: { param: string; code: string }) => `${entry.param}:${entry.code}`);
}

/** Each case reads as app.example.com (the test client's origin) somewhere, and must be refused. */
const HOSTILE: [string, unknown, string][] = [
  [
    "a backslash before @ (another host to some mail clients)",
    "https://app.example.com\\@evil.test/r/:token",
    "invalid",
  ],
  ["a backslash as the path's first slash", "https://app.example.com\\r\\:token", "invalid"],
  ["user name and password", "https://user:pass@app.example.com/r/:token", "invalid"],
  ["a user name alone", "https://app.example.com@evil.test/r/:token", "invalid"],
  ["the placeholder only in the fragment", "https://app.example.com/r#:token", "invalid"],
  ["the placeholder in the host", "https://:token.app.example.com/r", "invalid"],
  ["a tab the parser would strip", "https://app.example.com/r/\t:token", "invalid"],
  ["a newline the parser would strip", "https://app.example.com/r/:to\nken", "invalid"],
  ["javascript:", "javascript:alert(1)//:token", "invalid"],
  ["protocol-relative", "//app.example.com/r/:token", "invalid"],
  ["over 2048 characters", `https://app.example.com/r/:token?pad=${"x".repeat(2048)}`, "too_long"],
  ["not text", ["https://app.example.com/r/:token"], "invalid"],
  ["another origin", "https://app.example.com.evil.test/r/:token", "not_allowed"],
  ["another port", "https://app.example.com:8443/r/:token", "not_allowed"],
  ["another scheme", "http://app.example.com/r/:token", "not_allowed"],
];

test("register refuses every template that is not plainly one of the client's origins", async () => {
  for (const [why, template, code] of HOSTILE) {
    assert.deepEqual(
      await codesOf(await register(uniqueEmail("link"), template)),
      [`email_verification_url:${code}`],
      why,
    );
  }
  const refused = await db().customer.count({ where: { email: { startsWith: "link" } } });
  assert.equal(refused, 0, "no account was made with a refused template");
});

test("forgot-password refuses the same templates and queues no e-mail", async () => {
  const customer = await registeredCustomer(app);
  for (const [why, template, code] of HOSTILE) {
    assert.deepEqual(await codesOf(await forgot(customer.email, template)), [`reset_password_url:${code}`], why);
  }
  assert.equal(await db().emailOutbox.count({ where: { toAddress: customer.email, template: "reset_password" } }), 0);
});

test("the e-mailed link is the parsed URL, with the token in path and query", async () => {
  const email = uniqueEmail("parsed");
  const response = await register(email, "HTTPS://APP.Example.COM:443/a/../verify/:token?again=:token#top");
  assert.equal(response.status, 201);
  const sent = await db().emailOutbox.findFirstOrThrow({ where: { toAddress: email, template: "verify_email" } });
  const text = sentText(sent);
  const link = /https:\/\/app\.example\.com\/verify\/(\S+)\?again=(\S+)#top/.exec(text ?? "");
  assert.ok(link, `the link as the parser normalises it, in: ${text}`);
  assert.equal(link[1], link[2]);
  assert.match(link[1], /^[A-Za-z0-9_-]{43,}$/);
});

test("concurrent registrations with hostile and sound templates are each judged alone", async () => {
  const attempts = Array.from({ length: 12 }, (_, index) => {
    const template =
      index % 2 ? "https://app.example.com\\@evil.test/r/:token" : "https://app.example.com/verify/:token";
    return register(uniqueEmail(`race${index}`), template).then((answer) => answer.status);
  });
  assert.deepEqual(
    await Promise.all(attempts),
    Array.from({ length: 12 }, (_, index) => (index % 2 ? 400 : 201)),
  );
});

test("parseLinkTemplate and linkWithToken agree on what a template means", () => {
  assert.equal(parseLinkTemplate("https://app.example.com\\@evil.test/:token"), null);
  assert.equal(parseLinkTemplate("https://app.example.com/verify/:token")?.origin, "https://app.example.com");
  assert.equal(linkWithToken("https://a.example/verify/:token?x=1", "abc_-").url, "https://a.example/verify/abc_-?x=1");
  assert.equal(linkWithToken("https://a.example/r?t=:token", "a/b+c").url, "https://a.example/r?t=a%2Fb%2Bc");
  assert.throws(() => linkWithToken("https://a.example/no-placeholder", "abc"));
});
