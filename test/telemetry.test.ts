/**
 * What operators see of a production server started as `npm start` starts it: its log (JSON lines,
 * one per request with the X-Request-Id it answered, and never a secret of the customer journey
 * that went through it) and its /metrics (Prometheus' text format, valid for promtool, counting
 * that traffic). On PostgreSQL the server is a cluster of two processes, whose figures /metrics
 * adds up; on the embedded database it is one process.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { copyEmbeddedTemplate, createPreparedTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { scrapeMetrics, serverPids, total, type Sample } from "@/tooling/metrics-scrape";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { bearer, DEVICE, RESET_URL, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { jsonLines, runCli } from "./support/cli";
import { type FakeResend, startFakeResend } from "./support/fake-resend";
import { CookieJar } from "./support/staff";
import { until } from "./support/until";

const METRICS_TOKEN = randomBytes(16).toString("hex");
const AUTH_SECRET = randomBytes(32).toString("base64");
const RESEND_API_KEY = `re_${randomBytes(12).toString("hex")}`;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROCESSES = onPostgres ? 2 : 1;

function promtool(): string | undefined {
  for (const candidate of ["/usr/bin/promtool", "/usr/local/bin/promtool"])
    if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" }).stdout.trim();
  return found || undefined;
}

let server: ServerProcess;
let resend: FakeResend;
let database: TestDatabase | undefined;
let directory: string | undefined;
let env: Record<string, string>;
let clientHeaders: Record<string, string>;
/** Every secret the server was given or handed out in this file: none may be in its output. */
const secrets = new Set<string>([METRICS_TOKEN, AUTH_SECRET, RESEND_API_KEY]);
/** Each response to this file's requests: its X-Request-Id, and the route and status its log line must name. */
const answered: { requestId: string; route: string; status: number }[] = [];

before(async () => {
  resend = await startFakeResend();
  if (onPostgres) database = await createPreparedTestDatabase();
  else {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "telemetry-"));
    copyEmbeddedTemplate(path.join(directory, "db"));
  }
  env = {
    DATABASE_URL: database ? database.url : `pglite:${path.join(directory!, "db")}`,
    WEB_CONCURRENCY: String(PROCESSES),
    AUTH_SECRET,
    METRICS_TOKEN,
    RESEND_API_KEY,
    RESEND_BASE_URL: resend.url,
    EMAIL_DISPATCH_INTERVAL_MS: "100",
    LOGIN_MAX_FAILURES_PER_EMAIL: "3",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
  };
  server = await startServerProcess(env);
  const created = await runCli(
    env,
    "clients",
    "create",
    "--name",
    "Telemetry test",
    "--origin",
    "https://app.example.com",
  );
  assert.equal(created.code, 0, created.stderr);
  const [client] = jsonLines(created.stdout);
  clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
  secrets.add(client.client_secret);
});

after(async () => {
  await server?.stop();
  await resend?.close();
  await database?.drop();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

/** A request to the server, remembered with the route template its log line must name. */
async function call(route: string, pathname: string, init: RequestInit = {}): Promise<Response> {
  const response = await server.fetch(pathname, init);
  answered.push({ requestId: response.headers.get("x-request-id") ?? "(none)", route, status: response.status });
  return response;
}

const post = (route: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  call(route, route, {
    method: "POST",
    headers: { ...clientHeaders, ...DEVICE, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });

function tokenIn(text: string | undefined, prefix: string): string {
  const start = text?.indexOf(prefix) ?? -1;
  assert.ok(start >= 0, `the e-mail holds a ${prefix}… link`);
  return decodeURIComponent(/^[A-Za-z0-9_\-%]+/.exec(text!.slice(start + prefix.length))![0]);
}

/** Registers a customer and returns the login token it answered with. */
async function register(email: string, password: string): Promise<string> {
  secrets.add(password);
  const response = await post("/client/v1/register", {
    email,
    password,
    confirm_password: password,
    email_verification_url: VERIFY_URL,
  });
  assert.equal(response.status, 201);
  const { token } = await response.json();
  secrets.add(token);
  return token;
}

test("a whole customer journey and a staff sign-in leave one JSON line per request, and no secret, in the log", async () => {
  const email = uniqueEmail("telemetry");
  const firstSession = await register(email, "first password 1");

  const verification = await resend.waitForDelivery((d) => d.body.to === email && /Verify/.test(d.body.subject));
  const verifyToken = tokenIn(verification.body.text, "https://app.example.com/verify/");
  secrets.add(verifyToken);
  assert.equal((await post("/client/v1/verify-email", { token: verifyToken })).status, 200);

  const loggedIn = await post("/client/v1/login", { email, password: "first password 1" });
  assert.equal(loggedIn.status, 200);
  const session = (await loggedIn.json()).token;
  secrets.add(session);

  assert.equal((await post("/client/v1/forgot-password", { email, reset_password_url: RESET_URL })).status, 200);
  const reset = await resend.waitForDelivery((d) => d.body.to === email && /Reset/.test(d.body.subject));
  const resetToken = tokenIn(reset.body.text, "https://app.example.com/reset?token=");
  secrets.add(resetToken);
  secrets.add("second password 2");
  const wasReset = await post("/client/v1/reset-password", {
    token: resetToken,
    password: "second password 2",
    confirm_password: "second password 2",
  });
  assert.equal(wasReset.status, 200);

  const again = await post("/client/v1/login", { email, password: "second password 2" });
  assert.equal(again.status, 200);
  const latest = (await again.json()).token;
  secrets.add(latest);
  secrets.add("third password 3");
  const changed = await post(
    "/client/v1/change-password",
    { current_password: "second password 2", password: "third password 3", confirm_password: "third password 3" },
    bearer(latest),
  );
  assert.equal(changed.status, 200);
  const me = await call("/client/v1/me", "/client/v1/me", { headers: { ...clientHeaders, ...bearer(latest) } });
  assert.equal(me.status, 200);
  assert.equal(
    (await call("/client/v1/me", "/client/v1/me", { headers: { ...clientHeaders, ...bearer(firstSession) } })).status,
    401,
  );

  // A staff member signs in through next-auth as the back office does: compliance, which reads
  // customers and is not required to have two-factor (an admin would be held at enrolment).
  const staffEmail = `telemetry.${process.pid}@staff.example.org`;
  const staff = await runCli(env, "staff", "create", "--email", staffEmail, "--role", "compliance");
  assert.equal(staff.code, 0, staff.stderr);
  const [{ password: staffPassword }] = jsonLines(staff.stdout);
  secrets.add(staffPassword);
  const jar = new CookieJar();
  const csrf = await call("/api/auth/[...nextauth]", "/api/auth/csrf");
  jar.store(csrf);
  const { csrfToken } = await csrf.json();
  secrets.add(csrfToken);
  const signedIn = await call("/api/auth/[...nextauth]", "/api/auth/callback/credentials", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email: staffEmail, password: staffPassword, json: "true" }).toString(),
    redirect: "manual",
  });
  assert.equal(signedIn.status, 200);
  jar.store(signedIn);
  for (const value of jar
    .header()
    .split("; ")
    .map((pair) => pair.slice(pair.indexOf("=") + 1)))
    secrets.add(value);
  const customers = await call("/api/admin/customers", "/api/admin/customers", { headers: { Cookie: jar.header() } });
  assert.equal(customers.status, 200);
  await call("/api/admin/customers/[id]", "/api/admin/customers/999999", { headers: { Cookie: jar.header() } });
  await call("/admin", "/admin");
  // A path no route serves shares one label, whatever it holds.
  assert.equal((await call("other", "/no/such/page/424242?token=x")).status, 404);

  // Every line is written by the time its response ends; give a slow pipe a moment all the same.
  await until(
    async () => server.output(),
    (output) => answered.every(({ requestId }) => output.includes(requestId)),
    { timeoutMs: 5_000 },
  ).catch(() => undefined);
  const output = server.output();
  for (const secret of secrets) assert.ok(!output.includes(secret), `the log holds a secret: ${secret}`);

  const lines = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
  for (const { requestId, route, status } of answered) {
    const mine = lines.filter((line) => line.req_id === requestId);
    assert.equal(mine.length, 1, `one line for request ${requestId} (${route} ${status})`);
    const [line] = mine;
    assert.equal(line.level, "info");
    assert.equal(typeof line.time, "string");
    assert.equal(typeof line.msg, "string");
    assert.deepEqual({ route: line.route, status: line.status }, { route, status }, JSON.stringify(line));
  }
});

test("/metrics counts logins, rate-limited attempts, the outbox and the requests by route template", async () => {
  const scrape = async () => (await scrapeMetrics(server.url, METRICS_TOKEN)).samples;
  const growth = (before: Sample[], after: Sample[], name: string, labels?: Record<string, string>) =>
    total(after, name, labels) - total(before, name, labels);
  const email = uniqueEmail("metrics");
  await register(email, "metrics password 1");
  const before = await scrape();

  // Concurrent, so that in a cluster the requests spread over its processes.
  const [ok, ...failed] = await Promise.all([
    post("/client/v1/login", { email, password: "metrics password 1" }),
    post("/client/v1/login", { email, password: "wrong password 1" }),
    post("/client/v1/login", { email, password: "wrong password 2" }),
  ]);
  secrets.add((await ok.json()).token);
  assert.equal(ok.status, 200);
  assert.deepEqual(
    failed.map((response) => response.status),
    [401, 401],
  );
  // The success gave its count back; a third failure is this address's limit (LOGIN_MAX_FAILURES_PER_EMAIL=3).
  assert.equal((await post("/client/v1/login", { email, password: "wrong password 3" })).status, 401);
  assert.equal((await post("/client/v1/login", { email, password: "wrong password 4" })).status, 429);
  await Promise.all(
    Array.from({ length: 4 }, () => call("/client/v1/countries", "/client/v1/countries", { headers: clientHeaders })),
  );
  // With Resend away, the e-mail a reset request queues waits in the outbox.
  resend.setDown(true);
  const forgot = await post("/client/v1/forgot-password", { email, reset_password_url: RESET_URL });
  assert.equal(forgot.status, 200, await forgot.clone().text());
  const after = await until(scrape, (samples) => total(samples, "email_outbox_pending") >= 1, { timeoutMs: 5_000 });
  resend.setDown(false);

  assert.equal(growth(before, after, "login_attempts_total", { outcome: "success" }), 1);
  assert.equal(growth(before, after, "login_attempts_total", { outcome: "failure" }), 3);
  assert.equal(growth(before, after, "login_attempts_total", { outcome: "rate_limited" }), 1);
  assert.equal(growth(before, after, "rate_limited_attempts_total", { limit: "login_email" }), 1);
  const logins = (status_class: string) =>
    growth(before, after, "http_request_duration_seconds_count", { route: "/client/v1/login", status_class });
  assert.deepEqual([logins("2xx"), logins("4xx")], [1, 4]);
  assert.ok(growth(before, after, "http_request_duration_seconds_count", { route: "/client/v1/countries" }) >= 4);
  assert.ok(total(after, "cache_version_polls_total") >= 1);
  assert.ok(total(after, "email_outbox_oldest_pending_age_seconds") >= 0);
  assert.ok(total(after, "process_resident_memory_bytes") > 0);
  assert.ok(total(after, "nodejs_heap_size_used_bytes") > 0);

  // Route templates, never paths: the first test's customer 999999 and /admin are there by template.
  const routes = new Set(
    after.filter((s) => s.name === "http_request_duration_seconds_count").map((s) => s.labels.route),
  );
  assert.ok(routes.has("/api/admin/customers/[id]"), [...routes].join(" "));
  assert.ok(routes.has("other"), [...routes].join(" "));
  assert.ok(![...routes].some((route) => /999999|424242/.test(route)), [...routes].join(" "));
  assert.equal(serverPids(after).length, PROCESSES);
  assert.equal(total(after, "server_processes_reporting"), PROCESSES);
  if (!onPostgres) assert.deepEqual(serverPids(after), [server.pid], "one process, no primary");
});

test("/metrics answers 401 without the token or with a wrong one, 404 for the old JSON endpoint", async () => {
  const refusedHeaders: Record<string, string>[] = [
    {},
    { Authorization: "Bearer wrong-token-wrong-token" },
    { Authorization: METRICS_TOKEN },
  ];
  for (const headers of refusedHeaders) {
    const response = await fetch(`${server.url}/metrics`, { headers });
    assert.equal(response.status, 401, JSON.stringify(headers));
    assert.equal((await response.json()).message, "Missing or invalid metrics token");
  }
  const old = await fetch(`${server.url}/api/internal/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  assert.equal(old.status, 404);
});

test("promtool finds nothing wrong with /metrics", {
  skip: promtool() ? false : "needs promtool (apt-get install prometheus; .ci/run installs it)",
}, async () => {
  const { text } = await scrapeMetrics(server.url, METRICS_TOKEN);
  const output = execFileSync(promtool()!, ["check", "metrics"], { input: text, encoding: "utf8", stdio: "pipe" });
  assert.equal(output.trim(), "");
});
