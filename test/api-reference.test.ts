/**
 * GET /client/v1/docs, the API reference for people (lib/http/api-reference.ts): a page that carries
 * its renderer and needs no credentials, under a policy that lets it load nothing from elsewhere.
 * e2e/api-reference.spec.ts draws it in Chromium.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { startTestApp } from "./support/app";

const app = await startTestApp();
const PAGE = "/client/v1/docs";

test("the page is HTML, served without client credentials, with the headers of every response", async () => {
  const response = await app.fetch(PAGE);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("referrer-policy"), "no-referrer");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.match(response.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
  const html = await response.text();
  assert.match(html, /^<!doctype html>/);
  const [script] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  assert.match(script, /\nRedoc\.init\("openapi\.json", .*\);\n$/);
  assert.doesNotMatch(script, /sourceMappingURL=\S+\s*\nRedoc\.init/, "no source map to ask for");
  // The markup around the script names nothing to load: no src, no href.
  assert.doesNotMatch(html.replace(script, ""), /\s(src|href)=/);
});

test("its policy runs only the page's own script, by hash, and lets nothing load from another host", async () => {
  const response = await app.fetch(PAGE);
  const policy = response.headers.get("content-security-policy") ?? "";
  const scripts = [...(await response.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  assert.equal(scripts.length, 1, "one script, in the page");
  const hash = createHash("sha256").update(scripts[0]).digest("base64");
  assert.equal(
    policy,
    [
      "default-src 'none'",
      `script-src 'sha256-${hash}'`,
      "style-src 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "worker-src blob:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  // A query string does not change the page, nor drop its policy.
  const queried = await app.fetch(`${PAGE}?x=%3Cscript%3E%00`);
  assert.equal(queried.status, 200);
  assert.equal(queried.headers.get("content-security-policy"), policy);
  // Only this page has it: the document beside it, and the page's errors, do not.
  assert.equal(
    (await app.fetch(PAGE, { headers: { Accept: "application/json" } })).headers.get("content-security-policy"),
    null,
  );
  assert.equal((await app.fetch("/client/v1/openapi.json")).headers.get("content-security-policy"), null);
});

test("HEAD, OPTIONS and the other methods, as on every route", async () => {
  const head = await app.fetch(PAGE, { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(await head.text(), "");
  const options = await app.fetch(PAGE, { method: "OPTIONS" });
  assert.equal(options.status, 204);
  assert.equal(options.headers.get("allow"), "GET, HEAD, OPTIONS");
  assert.equal(options.headers.get("content-security-policy"), null, "the policy is the page's, not its errors'");
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const refused = await app.fetch(PAGE, { method, body: method === "DELETE" ? undefined : "x=1" });
    assert.equal(refused.status, 405, method);
    assert.equal(refused.headers.get("allow"), "GET, HEAD, OPTIONS", method);
    assert.equal((await refused.json()).type, "invalid_request_error", method);
  }
});

test("the page is HTML or nothing: an Accept that refuses text/html is a 406", async () => {
  for (const accept of ["text/html", "text/*", "*/*", "application/json, text/html;q=0.1", " ", "x/y, */*;q=0.5"]) {
    assert.equal((await app.fetch(PAGE, { headers: { Accept: accept } })).status, 200, accept);
  }
  for (const accept of ["application/json", "text/html;q=0", "text/plain, */*;q=0", "text/html;q=0, */*", "\u00e9"]) {
    const refused = await app.fetch(PAGE, { headers: { Accept: accept } });
    assert.equal(refused.status, 406, accept);
    assert.equal((await refused.json()).type, "invalid_request_error", accept);
  }
});

test("credentials, good or bad, change nothing: the page is public", async () => {
  const withCredentials = await app.request(PAGE);
  assert.equal(withCredentials.status, 200);
  const withWrong = await app.fetch(PAGE, { headers: { "X-Client-ID": "nobody", "X-Client-Secret": "wrong" } });
  assert.equal(withWrong.status, 200);
  assert.equal(await withWrong.text(), await withCredentials.text());
});
