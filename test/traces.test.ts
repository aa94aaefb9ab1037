/**
 * Tracing (OTEL_EXPORTER_OTLP_ENDPOINT, lib/entry/server/tracing.ts): the production server, started
 * as `npm start` starts it, exports its spans over OTLP (http/json) to a loopback receiver in this
 * process. A registration and a login go through it (the login by the server's fast path, which
 * Next never sees), then a read through Next's router; the test reads the trees they made and the
 * request's log line. On PostgreSQL the server is a cluster of two processes, each with its own SDK.
 * No span leaves with a query string or what a request's query holds (issue 36): a staff search by
 * e-mail and an export's reason never reach the receiver.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { gunzipSync } from "node:zlib";
import { copyEmbeddedTemplate, createPreparedTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { DEVICE, uniqueEmail, VERIFY_URL } from "./support/accounts";
import { jsonLines, runCli } from "./support/cli";
import { signIn } from "./support/staff";
import { until } from "./support/until";

/** A span as OTLP/JSON carries it, and the resource it came from. */
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
};
const SPAN_KIND_SERVER = 2;

/** A loopback OTLP/HTTP receiver: every span posted to /v1/traces, decoded from JSON. */
async function startReceiver() {
  const spans: Span[] = [];
  const requests: { path: string; contentType: string }[] = [];
  const attributes = (list: { key: string; value: Record<string, unknown> }[] = []) =>
    Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ path: request.url ?? "", contentType: request.headers["content-type"] ?? "" });
      let body = Buffer.concat(chunks);
      if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      for (const resourceSpans of JSON.parse(body.toString()).resourceSpans ?? []) {
        const service = attributes(resourceSpans.resource?.attributes)["service.name"];
        for (const scopeSpans of resourceSpans.scopeSpans ?? [])
          for (const span of scopeSpans.spans ?? [])
            spans.push({ ...span, attributes: attributes(span.attributes), service });
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: ServerProcess;
let database: TestDatabase | undefined;
let directory: string | undefined;
let clientHeaders: Record<string, string>;
let env: Record<string, string>;

before(async () => {
  receiver = await startReceiver();
  if (process.env.TEST_DATABASE_URL) database = await createPreparedTestDatabase();
  else {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "traces-"));
    copyEmbeddedTemplate(path.join(directory, "db"));
  }
  env = {
    DATABASE_URL: database ? database.url : `pglite:${path.join(directory!, "db")}`,
    AUTH_SECRET: "a secret of at least thirty-two characters, for the test",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: "remit-accounts-under-test",
    // The SDK's own setting: batches sent every 100 ms rather than 5 s, so the test waits less.
    OTEL_BSP_SCHEDULE_DELAY: "100",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
  };
  server = await startServerProcess(env);
  const created = await runCli(
    env,
    "clients",
    "create",
    "--name",
    "Traces test",
    "--origin",
    "https://app.example.com",
  );
  assert.equal(created.code, 0, created.stderr);
  const [client] = jsonLines(created.stdout);
  clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
});

after(async () => {
  await server?.stop();
  await receiver?.close();
  await database?.drop();
  if (directory) fs.rmSync(directory, { recursive: true, force: true });
});

const post = (route: string, form: Record<string, string>) =>
  server.fetch(route, {
    method: "POST",
    headers: { ...clientHeaders, ...DEVICE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/**
 * The spans of `root`'s trace once every span `complete` asks for has arrived, and the parent of
 * each: a span may end (and be exported) before its parent, such as a query inside an operation
 * that outlives the answer.
 */
async function trace(root: Span, complete: (spans: Span[]) => boolean): Promise<Span[]> {
  const ofTrace = () => receiver.spans.filter((span) => span.traceId === root.traceId);
  const connected = (spans: Span[]) =>
    spans.every((span) => !span.parentSpanId || spans.some((parent) => parent.spanId === span.parentSpanId));
  return until(ofTrace, (spans) => complete(spans) && connected(spans), { timeoutMs: 30_000, everyMs: 100 });
}

/** The log line of the request answered with `response` (its X-Request-Id), waited for. */
async function logLineOf(response: Response): Promise<Record<string, unknown>> {
  const requestId = response.headers.get("x-request-id");
  assert.ok(requestId, "the answer has an X-Request-Id");
  const [line] = await until(
    () => logLines().filter((each) => each.req_id === requestId),
    (lines) => lines.length > 0,
  );
  return line;
}

/** The root span of the trace `traceId`, waited for (spans are exported in batches, after the answer). */
function rootOf(traceId: unknown): Promise<Span> {
  assert.match(String(traceId), /^[0-9a-f]{32}$/, "a trace id");
  return until(() => receiver.spans.find((span) => span.traceId === traceId && !span.parentSpanId), Boolean, {
    timeoutMs: 30_000,
    everyMs: 100,
  }) as Promise<Span>;
}

/** Whether `span` descends from `root` through spans of `spans`. */
function descends(span: Span, root: Span, spans: Span[]): boolean {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  for (let at: Span | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
    if (at.spanId === root.spanId) return true;
  return false;
}

/** The server's JSON log lines so far. */
const logLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The tree of `spans` from `root`, one line per span, indented by depth: for failure messages and the report. */
function tree(root: Span, spans: Span[], depth = 0): string {
  const children = spans.filter((span) => span.parentSpanId === root.spanId);
  return [`${"  ".repeat(depth)}${root.name}`, ...children.map((child) => tree(child, spans, depth + 1))].join("\n");
}

test("a login is one trace: its root server span, the password's verification and the database's queries under it, and its log line carries the trace id", async (t) => {
  const email = uniqueEmail("traced");
  const password = "correct horse battery staple";
  const registered = await post("/client/v1/register", {
    email,
    password,
    confirm_password: password,
    email_verification_url: VERIFY_URL,
  });
  assert.equal(registered.status, 201);
  // Each server process has Next serve a route until it has loaded it (lib/entry/server/route-fast-path.ts):
  // the first login in each process goes through Next, the next ones by the fast path, which Next never sees.
  const viaNext = (spans: Span[]) => spans.some((span) => span.name.startsWith("executing api route"));
  let login: { line: Record<string, unknown>; root: Span; spans: Span[] } | undefined;
  for (let attempt = 1; attempt <= 10 && !login; attempt++) {
    const answer = await post("/client/v1/login", { email, password });
    assert.equal(answer.status, 200);
    // The request's log line names its trace, whose root is the server's span of that login.
    const line = await logLineOf(answer);
    const root = await rootOf(line.trace_id);
    const spans = await trace(
      root,
      (all) => all.some((span) => span.name === "password.verify") && all.some((span) => /db_query/.test(span.name)),
    );
    assert.equal(root.name, "POST /client/v1/login");
    assert.deepEqual(
      spans.filter((span) => !span.parentSpanId),
      [root],
      `one root in each login's trace, through Next or not:\n${tree(root, spans)}`,
    );
    for (const span of spans) assert.ok(descends(span, root, spans), `${span.name} hangs from the login's root span`);
    if (!viaNext(spans)) login = { line, root, spans };
  }
  assert.ok(login, "within 10 logins, one answered by the fast path");
  const { line, root, spans } = login;
  assert.equal(line.route, "/client/v1/login");
  assert.equal(line.span_id, root.spanId, "the request's log line was written in its span");
  t.diagnostic(`the login's trace:\n${tree(root, spans)}`);
  assert.equal(root.kind, SPAN_KIND_SERVER);
  assert.equal(root.service, "remit-accounts-under-test");
  assert.equal(root.attributes["http.route"], "/client/v1/login");
  assert.equal(root.attributes["http.request.method"], "POST");
  assert.equal(Number(root.attributes["http.response.status_code"]), 200);
  const verification = spans.filter((span) => span.name === "password.verify");
  assert.equal(verification.length, 1, "one verification");
  assert.equal(
    verification[0].parentSpanId,
    root.spanId,
    `the verification is the request's own child:\n${tree(root, spans)}`,
  );
  const queries = spans.filter((span) => /db_query/.test(span.name));
  assert.ok(queries.length >= 1, `database queries: ${spans.map((span) => span.name)}`);
  for (const query of queries)
    assert.match(String(query.attributes["db.query.text"]), /\S/, "a query's span carries its SQL");
  assert.ok(
    !JSON.stringify(spans).includes(password),
    "no span carries the password (the SQL is Prisma's, with its parameters apart)",
  );

  // The registration was a trace of its own, which hashed the password.
  const registration = await rootOf((await logLineOf(registered)).trace_id);
  assert.equal(registration.name, "POST /client/v1/register");
  assert.notEqual(registration.traceId, root.traceId);
  await trace(registration, (all) => all.some((span) => span.name === "password.hash"));

  assert.ok(receiver.requests.every((request) => request.path === "/v1/traces"));
  assert.ok(receiver.requests.every((request) => request.contentType.startsWith("application/json")));
});

test("a request Next's router serves is traced from the server's root span too, its queries under it", async (t) => {
  const email = uniqueEmail("traced-next");
  const password = "correct horse battery staple";
  const registered = await post("/client/v1/register", {
    email,
    password,
    confirm_password: password,
    email_verification_url: VERIFY_URL,
  });
  assert.equal(registered.status, 201);
  const { token } = await registered.json();
  const me = await server.fetch("/client/v1/me", { headers: { ...clientHeaders, Authorization: `Bearer ${token}` } });
  assert.equal(me.status, 200);
  const root = await rootOf((await logLineOf(me)).trace_id);
  assert.equal(root.name, "GET /client/v1/me");
  const spans = await trace(root, (all) => all.some((span) => /db_query/.test(span.name)));
  t.diagnostic(`GET /client/v1/me's trace:\n${tree(root, spans)}`);
  assert.deepEqual(
    spans.filter((span) => !span.parentSpanId),
    [root],
    `one root: Next's spans hang from the server's (${spans.map((span) => span.name)})`,
  );
  for (const span of spans) assert.ok(descends(span, root, spans), `${span.name} is in the request's tree`);
  assert.ok(
    spans.some((span) => span.name === "executing api route (app) /client/v1/me"),
    "Next's own spans are in the tree",
  );
});

test("no span carries a query string nor what one held: a staff search by e-mail and an export's reason never reach the receiver", async (t) => {
  const email = uniqueEmail("searched-by-staff");
  const password = "correct horse battery staple";
  const registered = await post("/client/v1/register", {
    email,
    password,
    confirm_password: password,
    email_verification_url: VERIFY_URL,
  });
  assert.equal(registered.status, 201);
  const staffEmail = "traces.compliance@example.com";
  const staffPassword = "staff password for the traces test";
  const created = await runCli(
    env,
    "staff",
    "create",
    "--email",
    staffEmail,
    "--role",
    "compliance",
    "--password",
    staffPassword,
  );
  assert.equal(created.code, 0, created.stderr);
  const { jar, status } = await signIn(server, staffEmail, staffPassword);
  assert.equal(status, 200);
  const asStaff = (route: string, init: RequestInit = {}) =>
    fetch(`${server.url}${route}`, {
      ...init,
      headers: { Cookie: jar.header(), "Content-Type": "application/json", ...init.headers },
    });

  const reason = "Court order 4471 for the traces test";
  const search = await asStaff(`/api/admin/customers?${new URLSearchParams({ filter: JSON.stringify({ q: email }) })}`);
  assert.equal(search.status, 200);
  const [customer] = await search.json();
  assert.ok(customer, "the search found the customer");
  const exportRoute = `/api/admin/customers/${customer.id}/export`;
  const exported = await asStaff(exportRoute, { method: "POST", body: JSON.stringify({ reason }) });
  assert.equal(exported.status, 200);
  // An old link with the reason in its query: refused, and still not traced with it.
  const linked = await asStaff(`${exportRoute}?${new URLSearchParams({ reason })}`);
  assert.equal(linked.status, 405);

  const traced: Span[] = [];
  for (const response of [search, exported, linked]) {
    const root = await rootOf((await logLineOf(response)).trace_id);
    traced.push(...(await trace(root, (all) => all.some((span) => span.name.startsWith("executing api route")))));
  }
  t.diagnostic(`${traced.length} spans of the three requests, ${receiver.spans.length} in all`);
  const everything = JSON.stringify(receiver.spans);
  for (const secret of [email, encodeURIComponent(email), reason, encodeURIComponent(reason), "Court+order"])
    assert.ok(!everything.includes(secret), `no span holds ${secret}`);
  const urlLike = traced.flatMap((span) =>
    Object.entries(span.attributes).filter(([key]) => /(^|\.)(url|target)(\.|$)/.test(key)),
  );
  assert.ok(urlLike.length > 0, "Next's spans keep their URL attributes, without the query");
  for (const [key, value] of urlLike) assert.ok(!String(value).includes("?"), `${key}: ${value}`);
});
