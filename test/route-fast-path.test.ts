/**
 * The server's fast path for logins, registrations and refreshes (lib/entry/server/route-fast-path.ts) against Next's
 * route for the same request, over HTTP on the production build: status line, header names (case
 * and order included) and values, and body must be the same bytes, but for Date, the request id and
 * the tokens each answer issues anew. Each case is asked both ways, FAST_PATH switched off for
 * the second in this process, where the server runs. A call with an effect (a registration) is made
 * with a different e-mail each way, and one that would fail the second time for the first's effect
 * is set up twice.
 */
import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { OPERATIONS } from "@/app/client/v1/operations";
import { MAX_BODY_BYTES } from "@/lib/http/input";
import { fastRouteHandler } from "@/lib/http/operation";
import { registerLimit } from "@/lib/domain/rate-limits/limits";
import { answerFastRoute } from "@/lib/entry/server/route-fast-path";
import { type FastHandler, NO_PARAMS } from "@/lib/entry/server/next-answer";
import { DEVICE, RESET_URL, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { db, startTestApp } from "./support/app";
import { storedKey } from "@/lib/domain/rate-limits/count-attempt";
import {
  assertHandlersAnswer,
  assertLeftToNext,
  type BareCase,
  bareServer,
  comparable,
  header,
  type RawAnswer,
  type RawHeaders,
  rawRequest,
  withFastPathOff,
} from "./support/fast-path";

const app = await startTestApp();
const CREDENTIALS = app.client.headers;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const PASSWORD = "correct horse battery";
const bareUrl = await bareServer((request, response) => answerFastRoute(request, response));
const FAST_ROUTES = ["/client/v1/login", "/client/v1/register", "/client/v1/token/refresh"];

type Call = { path: string; headers?: RawHeaders; body?: string };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const registration = (email: string, fields: Record<string, string> = {}) =>
  form({ email, password: PASSWORD, confirm_password: PASSWORD, email_verification_url: VERIFY_URL, ...fields });
const loginForm = (email: string, password = PASSWORD) => form({ email, password });

/**
 * `comparable`, with what each answer has of its own left out: the tokens (new in each), and
 * Retry-After's seconds (counted from the moment of each answer, so one may be a second less).
 */
function withoutItsOwn(answer: RawAnswer) {
  const seen = comparable(answer);
  const headers = seen.headers.map(([name, value]): [string, string] =>
    name.toLowerCase() === "retry-after" ? [name, /^\d+$/.test(value) ? "…" : value] : [name, value],
  );
  return { ...seen, headers, body: seen.body.replace(/"(token|refresh_token)":"[^"]+"/g, '"$1":"…"') };
}

/** `call` through the fast path and `nextCall` (by default the same) through Next's route: the same answer, returned. */
async function bothWays(call: Call, nextCall: Call = call): Promise<RawAnswer> {
  const send = ({ path, headers = {}, body }: Call) =>
    rawRequest(app.url, "POST", path, { ...headers, "Content-Length": String(Buffer.byteLength(body ?? "")) }, body);
  const fast = await send(call);
  const next = await withFastPathOff(() => send(nextCall));
  assert.deepEqual(withoutItsOwn(fast), withoutItsOwn(next), `${call.path} ${call.body?.slice(0, 120)}`);
  return fast;
}

async function registered(): Promise<string> {
  const email = uniqueEmail("fast");
  const answer = await rawRequest(
    app.url,
    "POST",
    "/client/v1/register",
    { ...CREDENTIALS, ...FORM, ...DEVICE },
    registration(email),
  );
  assert.equal(answer.status, 201);
  return email;
}

test("until Next has loaded a fast route, Next serves it; from then on its route file's own handler is taken", async () => {
  const declared = OPERATIONS.filter((operation) => operation.fastPath && operation.method === "POST");
  assert.deepEqual(
    declared.map((operation) => operation.path).sort(),
    FAST_ROUTES,
    "the fast-path POSTs of the operation list",
  );
  for (const route of FAST_ROUTES) assert.equal(fastRouteHandler("POST", route), undefined, route);
  for (const route of FAST_ROUTES) {
    const left = await rawRequest(
      bareUrl,
      "POST",
      route,
      { ...CREDENTIALS, ...FORM, ...DEVICE },
      loginForm("a@b.test"),
    );
    assert.equal(left.status, 599, `${route} is left to Next before it is loaded`);
    // Any request Next serves on the path loads its route module.
    assert.equal((await rawRequest(app.url, "OPTIONS", route, {})).status, 204);
    assert.equal(typeof fastRouteHandler("POST", route), "function", route);
  }
});

test("the fast path takes POST of /client/v1/login, /register and /token/refresh with a declared body, and leaves everything else to Next", async () => {
  const email = await registered();
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  for (const route of FAST_ROUTES) {
    const taken = await rawRequest(bareUrl, "POST", route, headers, loginForm(email));
    assert.notEqual(taken.status, 599, `POST ${route}`);
  }
  const left: BareCase[] = [
    ...["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"].map((method): [string, string] => [
      method,
      "/client/v1/login",
    ]),
    ["POST", "/client/v1/login/"],
    ["POST", "//client/v1/login"],
    ["POST", "/client/v1//login"],
    ["POST", "/client/v1/Login"],
    ["POST", "/CLIENT/V1/REGISTER"],
    ["POST", "/client/v1/login?"],
    ["POST", "/client/v1/login?x=1"],
    ["POST", "/client/v1/./login"],
    ["POST", "/client/v1/login", { RSC: "1" }],
    ["POST", "/client/v1/login", { "Next-Action": "x" }],
    ["POST", "/client/v1/login", { "X-Middleware-Subrequest": "x" }],
    ["POST", "/client/v1/login", { "Transfer-Encoding": "chunked" }],
    ["POST", "/client/v1/register", { "Content-Length": String(MAX_BODY_BYTES + 1) }, "x".repeat(MAX_BODY_BYTES + 1)],
  ];
  await assertLeftToNext(bareUrl, { headers, body: loginForm(email) }, left, ["POST", "/client/v1/login"]);
});

test("login: the same answers as Next's route, for a login, a wrong password, an unknown e-mail and bad input", async () => {
  const email = await registered();
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  const login = (body: string, extra: RawHeaders = {}): Call => ({
    path: "/client/v1/login",
    headers: { ...headers, ...extra },
    body,
  });
  const ok = await bothWays(login(loginForm(email)));
  assert.equal(ok.status, 200);
  assert.match(JSON.parse(ok.body.toString()).token, /\S{20,}/);
  const json = { "Content-Type": "application/json" };
  assert.equal((await bothWays(login(JSON.stringify({ email, password: PASSWORD }), json))).status, 200);
  assert.equal((await bothWays(login(loginForm(email, "wrong password")))).status, 401);
  assert.equal((await bothWays(login(loginForm(uniqueEmail("nobody"))))).status, 401);
  const refusals: [Call, number][] = [
    [login(loginForm(email), { "X-Client-Secret": "wrong" }), 401],
    [{ path: "/client/v1/login", headers: { ...FORM, ...DEVICE }, body: loginForm(email) }, 401],
    [login(loginForm(email), { "X-Client-IP": "not an address" }), 400],
    [login(loginForm(email), { "X-Client-IP": "1".repeat(5000) }), 400],
    [login(loginForm(email), { "Content-Type": "text/plain" }), 400],
    [login("{not json", json), 400],
    [login("[1,2]", json), 400],
    [login(""), 400],
    [login(form({ email: "x".repeat(10_000), password: PASSWORD })), 400],
    [login(form({ email, password: "p".repeat(60_000) })), 400],
  ];
  for (const [call, status] of refusals) {
    assert.equal(
      (await bothWays(call)).status,
      status,
      `${JSON.stringify(call.headers).slice(0, 200)} ${call.body?.slice(0, 60)}`,
    );
  }
});

/** POST `call` through the fast path, and the same request handed to the declared handler in this process: one answer. */
async function asTheHandlerAnswers({ path, headers = {}, body = "" }: Call): Promise<RawAnswer> {
  const wire = await rawRequest(
    app.url,
    "POST",
    path,
    { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
    body,
  );
  const handler = fastRouteHandler("POST", path) as FastHandler;
  const request = new Request(`${app.url}${path}`, {
    method: "POST",
    headers: Object.entries(headers) as [string, string][],
    body,
  });
  const direct = await handler(request as Parameters<FastHandler>[0], NO_PARAMS);
  await assertHandlersAnswer(wire, direct, `POST ${path} ${body.slice(0, 60)}`, (text) =>
    text.replace(/"(token|refresh_token)":"[^"]+"/g, '"$1":"…"'),
  );
  return wire;
}

test("the fast path answers what the declared handler answers: 200, 401, and bad input", async () => {
  const email = await registered();
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  const login = (body: string, extra: RawHeaders = {}): Call => ({
    path: "/client/v1/login",
    headers: { ...headers, ...extra },
    body,
  });
  assert.equal((await asTheHandlerAnswers(login(loginForm(email)))).status, 200);
  assert.equal((await asTheHandlerAnswers(login(loginForm(email, "wrong password")))).status, 401);
  assert.equal((await asTheHandlerAnswers(login(loginForm(email), { "X-Client-Secret": "wrong" }))).status, 401);
  assert.equal(
    (await asTheHandlerAnswers(login(form({ email: "x\u0000".repeat(3000), password: PASSWORD })))).status,
    400,
  );
  assert.equal((await asTheHandlerAnswers(login("{not json", { "Content-Type": "application/json" }))).status, 400);
  const register = { path: "/client/v1/register", headers, body: registration("not an e-mail") };
  assert.equal((await asTheHandlerAnswers(register)).status, 400);
});

test("register: the same answers as Next's route, for a registration, an e-mail already taken and bad input", async () => {
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  const register = (body: string): Call => ({ path: "/client/v1/register", headers, body });
  const created = await bothWays(
    register(registration(uniqueEmail("fast"))),
    register(registration(uniqueEmail("next"))),
  );
  assert.equal(created.status, 201);
  const taken = await registered();
  assert.notEqual((await bothWays(register(registration(taken)))).status, 201);
  const refusals = [
    registration(uniqueEmail(), { confirm_password: "something else" }),
    registration(uniqueEmail(), { email_verification_url: "https://evil.example.net/verify/:token" }),
    registration(uniqueEmail(), { email_verification_url: RESET_URL.replace(":token", "") }),
    registration("not an e-mail"),
    form({ email: uniqueEmail() }),
  ];
  for (const body of refusals) assert.equal((await bothWays(register(body))).status, 400, body.slice(0, 120));
});

test("refresh: the same answers as Next's route, for a refresh, a spent or unknown token and bad input", async () => {
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  const refreshTokenOf = async () => {
    const answer = await rawRequest(app.url, "POST", "/client/v1/login", headers, loginForm(email));
    return JSON.parse(answer.body.toString()).refresh_token as string;
  };
  const email = await registered();
  const refresh = (body: string, extra: RawHeaders = {}): Call => ({
    path: "/client/v1/token/refresh",
    headers: { ...headers, ...extra },
    body,
  });
  const refreshing = (token: string) => refresh(form({ refresh_token: token }));
  const ok = await bothWays(refreshing(await refreshTokenOf()), refreshing(await refreshTokenOf()));
  assert.equal(ok.status, 200);
  assert.match(JSON.parse(ok.body.toString()).refresh_token, /\S{20,}/);
  const json = { "Content-Type": "application/json" };
  const viaJson = (token: string) => refresh(JSON.stringify({ refresh_token: token }), json);
  assert.equal((await bothWays(viaJson(await refreshTokenOf()), viaJson(await refreshTokenOf()))).status, 200);
  const refusals: [Call, number][] = [
    [refreshing("not a refresh token"), 401],
    [refresh(form({ refresh_token: "x" }), { "X-Client-Secret": "wrong" }), 401],
    [refresh(""), 400],
    [refresh("[1,2]", json), 400],
    [refresh(JSON.stringify({ refresh_token: 12 }), json), 400],
    [refresh(form({ refresh_token: "r".repeat(5000) })), 400],
  ];
  for (const [call, status] of refusals) assert.equal((await bothWays(call)).status, status, call.body?.slice(0, 60));
});

test("register past the per-IP limit: the same 429 as Next's route", async () => {
  // The limit reached for one address, as a hundred registrations from it would leave it.
  const { bucket, key, max, windowMs } = registerLimit("192.0.2.77");
  const now = Date.now();
  await db().rateLimit.create({
    data: {
      bucket,
      key: storedKey(key),
      hits: Array(max).fill(new Date(now)),
      counted: true,
      expiresAt: new Date(now + windowMs),
    },
  });
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE, "X-Client-IP": key };
  const register = (email: string): Call => ({ path: "/client/v1/register", headers, body: registration(email) });
  const refused = await bothWays(register(uniqueEmail("fast")), register(uniqueEmail("next")));
  assert.equal(refused.status, 429);
  assert.ok(Number(header(refused, "retry-after")) > 0);
});

test("under concurrency: one registration of an e-mail wins, every login gets its own token", async () => {
  // 8 logins at once: every attempt counts against the limit of 10 per e-mail until its success takes it back.
  const email = uniqueEmail("race");
  const headers = { ...CREDENTIALS, ...FORM, ...DEVICE };
  const registrations = await Promise.all(
    Array.from({ length: 12 }, () => rawRequest(app.url, "POST", "/client/v1/register", headers, registration(email))),
  );
  assert.equal(registrations.filter((answer) => answer.status === 201).length, 1);
  assert.equal(registrations.filter((answer) => answer.status >= 500).length, 0);
  assert.equal(await db().customer.count({ where: { email } }), 1);

  const logins = await Promise.all(
    Array.from({ length: 8 }, () => rawRequest(app.url, "POST", "/client/v1/login", headers, loginForm(email))),
  );
  assert.deepEqual(
    logins.map((answer) => answer.status),
    Array(8).fill(200),
  );
  const tokens = new Set(logins.map((answer) => JSON.parse(answer.body.toString()).token));
  assert.equal(tokens.size, 8);
});

test("a body cut off by its client leaves no account and the server answering", async () => {
  const email = uniqueEmail("cut");
  const body = registration(email);
  const { hostname, port } = new URL(app.url);
  await new Promise<void>((resolve) => {
    const request = http.request({
      hostname,
      port,
      path: "/client/v1/register",
      method: "POST",
      headers: { ...CREDENTIALS, ...FORM, ...DEVICE, "Content-Length": String(body.length + 100) },
      agent: false,
    });
    request.on("error", () => resolve());
    request.write(body);
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 200);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(await db().customer.count({ where: { email } }), 0);
  const after = await rawRequest(app.url, "POST", "/client/v1/register", { ...CREDENTIALS, ...FORM, ...DEVICE }, body);
  assert.equal(after.status, 201);
});
