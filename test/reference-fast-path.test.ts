/**
 * The server's fast path for the reference reads (lib/entry/server/reference-fast-path.ts) against Next's
 * route for the very same request, over HTTP on the production build, and against the declared
 * handler itself, which the route file exports, and the prepared answer it wraps, which the fast path
 * finds through the operations. Next's answer comes from the
 * same app with FAST_PATH=false: the server runs in this process and reads that setting
 * per request, so each case is asked both ways, one right after the other, on one database. The
 * answers must be the same bytes on the wire: status line, header names (case and order included)
 * and values (Date's and the request id's aside), and body, neither of them decompressed. So these
 * requests go over node:http's own client, outside the contract check (tooling/api-contract.ts),
 * which sees answers only as fetch decodes them; the other tests of these paths (reference-api,
 * openapi, …) reach the fast path through that check, as it is on by default.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { OPERATIONS } from "@/app/client/v1/operations";
import { fastRouteAnswer, fastRouteHandler } from "@/lib/http/operation";
import { responseOf } from "@/lib/http/respond";
import { REFERENCE_READS } from "@/lib/http/reference-reads";
import { answerReferenceRead } from "@/lib/entry/server/reference-fast-path";
import { NO_PARAMS, type FastHandler } from "@/lib/entry/server/next-answer";
import { db, startTestApp } from "./support/app";
import {
  assertHandlersAnswer,
  assertLeftToNext,
  type BareCase,
  bareServer,
  comparable,
  header,
  type RawAnswer,
  type RawHeaders as Headers,
  rawRequest,
  withFastPathOff,
} from "./support/fast-path";
import { staffSession } from "./support/staff";

const app = await startTestApp();
const operations = await staffSession(app, "operations");
const PATHS = Object.keys(REFERENCE_READS);
const CREDENTIALS = app.client.headers;

/** The request through the fast path and through Next's route: the same answer, which is returned. */
async function bothWays(method: string, path: string, headers: Headers = {}, body?: string): Promise<RawAnswer> {
  const fast = await rawRequest(app.url, method, path, headers, body);
  const next = await withFastPathOff(() => rawRequest(app.url, method, path, headers, body));
  assert.deepEqual(comparable(fast), comparable(next), `${method} ${path} ${JSON.stringify(headers).slice(0, 200)}`);
  return fast;
}

const etagOf = async (path: string) => header(await rawRequest(app.url, "GET", path, CREDENTIALS), "etag")!;

const bareUrl = await bareServer(answerReferenceRead);

test("the reference reads are the fast-path GETs of the operation list; until Next has loaded one's route, Next serves it", async () => {
  const declared = OPERATIONS.filter((operation) => operation.fastPath && operation.method === "GET");
  assert.deepEqual(declared.map((operation) => operation.path).sort(), [...PATHS].sort());
  for (const path of PATHS) assert.equal(fastRouteHandler("GET", path), undefined, path);
  for (const path of PATHS) assert.equal(fastRouteAnswer("GET", path), undefined, path);
  for (const path of PATHS) {
    assert.equal(
      (await rawRequest(bareUrl, "GET", path, CREDENTIALS)).status,
      599,
      `${path} is left to Next before it is loaded`,
    );
    // Any request Next serves on the path loads its route module, which registers its GET.
    assert.equal((await rawRequest(app.url, "OPTIONS", path, {})).status, 204);
    assert.equal(typeof fastRouteHandler("GET", path), "function", path);
    assert.equal(typeof fastRouteAnswer("GET", path), "function", path);
  }
  // The logins' and registrations' operations make Responses: they have a handler and no prepared answer.
  assert.equal(fastRouteAnswer("POST", "/client/v1/login"), undefined);
});

/**
 * GET `path` through the fast path, and the same request handed in this process to the declared
 * handler (what Next's router calls) and to the prepared answer it wraps (what the fast path calls):
 * one answer.
 */
async function asTheHandlerAnswers(path: string, headers: Headers = {}): Promise<RawAnswer> {
  const wire = await rawRequest(app.url, "GET", path, headers);
  const request = new Request(`${app.url}${path}`, { headers: Object.entries(headers) as [string, string][] });
  const handler = fastRouteHandler("GET", path.split("?")[0]) as FastHandler;
  await assertHandlersAnswer(wire, await handler(request as Parameters<FastHandler>[0], NO_PARAMS), `GET ${path}`);
  const answer = fastRouteAnswer("GET", path.split("?")[0])!;
  await assertHandlersAnswer(wire, responseOf(await answer(request)), `GET ${path}, prepared`);
  return wire;
}

test("the fast path answers what the declared handler and its prepared answer answer: 200, 304, 401, and a query string (left to Next)", async () => {
  for (const path of PATHS) {
    const ok = await asTheHandlerAnswers(path, CREDENTIALS);
    assert.equal(ok.status, 200);
    const etag = header(ok, "etag")!;
    assert.equal((await asTheHandlerAnswers(path, { ...CREDENTIALS, "If-None-Match": etag })).status, 304);
    assert.equal((await asTheHandlerAnswers(path, { ...CREDENTIALS, "X-Client-Secret": "wrong" })).status, 401);
    assert.equal((await asTheHandlerAnswers(path)).status, 401);
    assert.equal((await asTheHandlerAnswers(`${path}?x=%00&y=${"z".repeat(4000)}`, CREDENTIALS)).status, 200);
  }
});

test("the fast path takes GET and HEAD of the four paths as they are spelled, and leaves everything else to Next", async () => {
  for (const path of PATHS) {
    for (const method of ["GET", "HEAD"]) {
      assert.equal((await rawRequest(bareUrl, method, path, CREDENTIALS)).status, 200, `${method} ${path}`);
      assert.equal((await rawRequest(bareUrl, method, path)).status, 401, `${method} ${path} without credentials`);
    }
  }
  const left: BareCase[] = [
    ...["POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((method): [string, string] => [method, "/client/v1/settings"]),
    ["GET", "/client/v1/settings/"],
    ["GET", "//client/v1/settings"],
    ["GET", "/client/v1//settings"],
    ["GET", "/client/v1%2Fsettings"],
    ["GET", "/client/v1/countries%2Fsources"],
    ["GET", "/client/v1/Settings"],
    ["GET", "/CLIENT/V1/SETTINGS"],
    ["GET", "/client/v1/settings?"],
    ["GET", "/client/v1/settings?x=1"],
    ["GET", "/client/v1/./settings"],
    ["GET", "/client/v1/settings", { RSC: "1" }],
    ["GET", "/client/v1/settings", { "Next-Router-State-Tree": "x" }],
    ["GET", "/client/v1/settings", { "Next-Router-Prefetch": "1" }],
    ["GET", "/client/v1/settings", { "X-Middleware-Subrequest": "x" }],
    ["GET", "/client/v1/settings", { "Content-Type": "application/json", "Content-Length": "2" }, "{}"],
    ["GET", "/client/v1/settings", { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, "{}"],
  ];
  await assertLeftToNext(bareUrl, { headers: CREDENTIALS }, left, ["GET", "/client/v1/settings"]);
});

test("200: the same bytes, status and headers as Next's route, for each path", async () => {
  for (const path of PATHS) {
    const answer = await bothWays("GET", path, CREDENTIALS);
    assert.equal(answer.status, 200);
    assert.ok(answer.body.length > 1000, `${path} has its body`);
    assert.equal(JSON.parse(answer.body.toString()).code, 200);
    assert.ok(header(answer, "etag"));
    assert.equal(header(answer, "transfer-encoding"), "chunked", "streamed as Next streams a route's body");
  }
});

test("304 for the ETag the client holds, however If-None-Match names it; 200 for another", async () => {
  for (const path of PATHS) {
    const etag = await etagOf(path);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await bothWays("GET", path, { ...CREDENTIALS, "If-None-Match": ifNoneMatch });
      assert.equal(answer.status, 304, `${path} If-None-Match: ${ifNoneMatch}`);
      assert.equal(answer.body.length, 0);
    }
    assert.equal((await bothWays("GET", path, { ...CREDENTIALS, "If-None-Match": '"stale"' })).status, 200);
  }
});

test("401 for missing, partial, unknown and wrong credentials, with the one error body", async () => {
  const { clientId, clientSecret } = app.client;
  const cases: Headers[] = [
    {},
    { "X-Client-ID": clientId },
    { "X-Client-Secret": clientSecret },
    { "X-Client-ID": "cli_unknown", "X-Client-Secret": clientSecret },
    { "X-Client-ID": clientId, "X-Client-Secret": `${clientSecret}x` },
    { "X-Client-ID": clientId, "X-Client-Secret": "" },
  ];
  for (const path of PATHS) {
    for (const headers of cases) {
      const answer = await bothWays("GET", path, headers);
      assert.equal(answer.status, 401, `${path} ${JSON.stringify(headers)}`);
      assert.deepEqual(JSON.parse(answer.body.toString()), {
        code: 401,
        type: "authentication_error",
        message: "Invalid client credentials",
      });
      assert.equal(header(answer, "cache-control"), "no-store");
    }
  }
});

test("HEAD: the GET's status and headers without its body, for 200, 304 and 401", async () => {
  for (const path of PATHS) {
    const etag = await etagOf(path);
    const ok = await bothWays("HEAD", path, CREDENTIALS);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.length, 0);
    assert.equal(header(ok, "etag"), etag);
    assert.equal((await bothWays("HEAD", path, { ...CREDENTIALS, "If-None-Match": etag })).status, 304);
    assert.equal((await bothWays("HEAD", path)).status, 401);
  }
});

test("Accept-Encoding: gzip gets the same uncompressed bytes as through Next, which does not compress here", async () => {
  for (const path of PATHS) {
    for (const encoding of ["gzip", "gzip, deflate, br", "br;q=1, gzip;q=0.5, *;q=0.1"]) {
      const answer = await bothWays("GET", path, { ...CREDENTIALS, "Accept-Encoding": encoding });
      assert.equal(answer.status, 200);
      assert.equal(header(answer, "content-encoding"), undefined);
    }
  }
});

test("an admin's change to a source country and to the settings: the next GET has it, with a new ETag, both ways", async () => {
  const before = Object.fromEntries(await Promise.all(PATHS.map(async (path) => [path, await etagOf(path)])));
  const portugal = await db().country.findFirstOrThrow({ where: { isoCodeAlpha2: "PT" } });
  assert.equal(portugal.isSource, false);
  const flagged = await operations.request(`/api/admin/countries/${portugal.id}`, {
    method: "PUT",
    json: { is_source: true },
  });
  assert.equal(flagged.status, 200);
  const record = await (await operations.request("/api/admin/settings/1")).json();
  const saved = await operations.request("/api/admin/settings/1", {
    method: "PUT",
    json: { ...record, trading_name: "Remit Faster", hq_region: record.hq_region ?? "" },
  });
  assert.equal(saved.status, 200);

  for (const path of ["/client/v1/sources", "/client/v1/countries/sources", "/client/v1/settings"]) {
    const answer = await bothWays("GET", path, { ...CREDENTIALS, "If-None-Match": before[path] });
    assert.equal(answer.status, 200, `${path}: the old ETag no longer matches`);
    assert.notEqual(header(answer, "etag"), before[path]);
    const body = JSON.parse(answer.body.toString());
    if (path.endsWith("settings")) assert.equal(body.settings.trading_name, "Remit Faster");
    else assert.ok(body.countries.some((country: { iso_code_alpha2: string }) => country.iso_code_alpha2 === "PT"));
  }
  const countries = await bothWays("GET", "/client/v1/countries", {
    ...CREDENTIALS,
    "If-None-Match": before["/client/v1/countries"],
  });
  assert.equal(countries.status, 304, "the list of all countries did not change");
});

test("hostile credentials: oversized, repeated, padded, non-ASCII, answered as through Next", async () => {
  const { clientId, clientSecret } = app.client;
  const cases: Headers[] = [
    { "X-Client-ID": clientId, "X-Client-Secret": "s".repeat(8000) },
    { "X-Client-ID": "c".repeat(8000), "X-Client-Secret": clientSecret },
    { "X-Client-ID": clientId, "X-Client-Secret": "x".repeat(20_000) },
    { "X-Client-ID": [clientId, clientId], "X-Client-Secret": clientSecret },
    { "X-Client-ID": clientId, "X-Client-Secret": [clientSecret, clientSecret] },
    { "X-Client-ID": `  ${clientId}  `, "X-Client-Secret": `\t${clientSecret}` },
    { "X-Client-ID": clientId, "X-Client-Secret": `${clientSecret}\u00e9\u00ff` },
    { "X-Client-ID": "\u00e9", "X-Client-Secret": "\u0080" },
    { ...CREDENTIALS, "If-None-Match": "x".repeat(8000) },
    { ...CREDENTIALS, "If-None-Match": ",,,W/,*x" },
    { ...CREDENTIALS, Host: "[::1" },
    { ...CREDENTIALS, Host: "exa mple..com:99999" },
  ];
  for (const headers of cases) {
    const answer = await bothWays("GET", "/client/v1/settings", headers);
    assert.ok([200, 401, 431].includes(answer.status), `${answer.status} for ${JSON.stringify(headers).slice(0, 100)}`);
  }
});

test("path variants, query strings, other methods and Next's own headers are answered as through Next", async () => {
  const variants: [string, string, Record<string, string>?][] = [
    ["GET", "/client/v1/settings/"],
    ["GET", "//client/v1/settings"],
    ["GET", "/client/v1//settings"],
    ["GET", "/client/v1%2Fsettings"],
    ["GET", "/client/v1/countries%2Fsources"],
    ["GET", "/CLIENT/v1/settings"],
    ["GET", "/client/v1/Countries"],
    ["GET", "/client/v1/settings?"],
    ["GET", "/client/v1/settings?x=1&x=2"],
    ["GET", "/client/v1/countries/sources/"],
    ["GET", "/client/v1/./settings"],
    ["GET", "/client/v1/x/../settings"],
    ["GET", "/client/v1/settings#top"],
    ["HEAD", "/client/v1/sources?x"],
    ["POST", "/client/v1/settings"],
    ["DELETE", "/client/v1/countries"],
    ["OPTIONS", "/client/v1/sources"],
    ["GET", "/client/v1/settings", { RSC: "1" }],
    ["GET", "/client/v1/settings", { "Content-Type": "application/json", "Content-Length": "2" }],
  ];
  for (const [method, path, headers = {}] of variants) {
    await bothWays(method, path, { ...CREDENTIALS, ...headers }, headers["Content-Length"] ? "{}" : undefined);
  }
});
