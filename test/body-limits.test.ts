import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { once } from "node:events";
import { test } from "node:test";
import { startTestApp } from "./support/app";
import { DEVICE, registeredCustomer } from "./support/accounts";
import { staffSession } from "./support/staff";
import { captureLog } from "./support/log";

/**
 * Request bodies are read up to 64 KB and no further: a longer one, declared or streamed, is a 413
 * as soon as that is known, and the rest is never read. A client that goes away halfway is not
 * an error of the server's.
 */
const app = await startTestApp();
const admin = await staffSession(app, "admin");
const LIMIT = 64 * 1024;
const TOO_LARGE = { code: 413, type: "invalid_request_error", message: "Request body too large" };
const { hostname, port } = new URL(app.url);

type Target = { name: string; path: string; headers: Record<string, string> };
const targets: Target[] = [
  {
    name: "client API",
    path: "/client/v1/register",
    headers: { ...app.client.headers, ...DEVICE, "Content-Type": "application/json" },
  },
  {
    name: "admin API",
    path: "/api/admin/staff",
    headers: { Cookie: admin.jar.header(), "Content-Type": "application/json" },
  },
  {
    name: "staff sign-in",
    path: "/api/auth/callback/credentials",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  },
];

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * A POST over its own connection whose body is written by `send`, which may stop once `answered` is set.
 * A raw socket, outside the contract check (api-contract.ts): a declared length that is never sent, a body
 * that goes on after the answer or breaks off are what no client library sends. The 413 those answers
 * carry is contract-checked where fetch can send it ("a body of exactly the limit…").
 */
function post(
  target: Target,
  headers: Record<string, string>,
  send: (request: http.ClientRequest, answered: () => boolean) => Promise<void>,
) {
  const request = http.request({
    host: hostname,
    port,
    method: "POST",
    path: target.path,
    headers: { ...target.headers, ...headers },
    agent: false,
  });
  // Writes into a connection the server has closed fail; what matters is the answer.
  request.on("error", () => {});
  let answer: Answer | undefined;
  const answered = new Promise<Answer>((resolve, reject) => {
    request.once("response", async (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.once("error", reject);
      await once(response, "end");
      answer = { status: response.statusCode!, body, headers: response.headers };
      resolve(answer);
    });
  });
  const sending = send(request, () => answer !== undefined).catch(() => {});
  return { request, answered, sending };
}

/** Writes `chunk` as long as the connection takes it (waiting for it to drain), until `total` bytes or an answer. */
async function stream(
  request: http.ClientRequest,
  answered: () => boolean,
  chunk: Buffer,
  total: number,
  sent: { bytes: number },
) {
  while (sent.bytes < total && !answered() && !request.destroyed) {
    sent.bytes += chunk.length;
    if (!request.write(chunk)) await drainedOrClosed(request);
  }
  if (!answered() && !request.destroyed) request.end();
}

function drainedOrClosed(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off("drain", done);
      request.off("close", done);
      resolve();
    };
    request.on("drain", done);
    request.on("close", done);
  });
}

for (const target of targets) {
  test(`${target.name}: a declared length over the limit is a 413 before any of the body is sent`, async () => {
    const { request, answered } = post(target, { "Content-Length": String(10 * 1024 * 1024) }, async () => {});
    request.flushHeaders();
    const answer = await answered;
    request.destroy();
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), TOO_LARGE);
  });

  test(`${target.name}: a chunked body is cut off at the limit, answered 413 while the client is still sending`, async () => {
    const total = 64 * 1024 * 1024;
    const sent = { bytes: 0 };
    const { request, answered, sending } = post(target, {}, (request, isAnswered) =>
      stream(request, isAnswered, Buffer.alloc(16 * 1024, "a"), total, sent),
    );
    const answer = await answered;
    const sentWhenAnswered = sent.bytes;
    request.destroy();
    await sending;
    assert.equal(answer.status, 413);
    assert.deepEqual(JSON.parse(answer.body), TOO_LARGE);
    assert.equal(answer.headers.connection, "close");
    assert.ok(
      sentWhenAnswered < total / 4,
      `the server stopped reading: ${sentWhenAnswered} of ${total} bytes were sent when it answered`,
    );
  });
}

test("a body of exactly the limit is read; one byte more is a 413", async () => {
  const customer = await registeredCustomer(app);
  const padded = (size: number) => {
    const fields = { email: customer.email, password: customer.password, padding: "" };
    fields.padding = "x".repeat(size - Buffer.byteLength(JSON.stringify(fields)));
    return JSON.stringify(fields);
  };
  const login = (body: string) =>
    app.request("/client/v1/login", {
      method: "POST",
      headers: { ...DEVICE, "Content-Type": "application/json" },
      body,
    });
  assert.equal(Buffer.byteLength(padded(LIMIT)), LIMIT);
  const atTheLimit = await login(padded(LIMIT));
  assert.equal(atTheLimit.status, 200);
  assert.ok((await atTheLimit.json()).token);
  const over = await login(padded(LIMIT + 1));
  assert.equal(over.status, 413);
  assert.deepEqual(await over.json(), TOO_LARGE);

  // The same without a declared length: fetch streams it chunked.
  const chunked = (body: string) =>
    app.request("/client/v1/login", {
      method: "POST",
      headers: { ...DEVICE, "Content-Type": "application/json" },
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit);
  assert.equal((await chunked(padded(LIMIT))).status, 200);
  assert.equal((await chunked(padded(LIMIT + 1))).status, 413);
});

test("sixteen oversized bodies at once are all refused, and a normal request beside them is answered", async () => {
  const total = 64 * 1024 * 1024;
  const rssBefore = process.memoryUsage().rss;
  const sent = Array.from({ length: 16 }, () => ({ bytes: 0 }));
  const oversized = sent.map((counter, index) =>
    post(targets[index % targets.length], {}, (request, isAnswered) =>
      stream(request, isAnswered, Buffer.alloc(64 * 1024, "b"), total, counter),
    ),
  );
  const customer = await registeredCustomer(app);
  const normal = await app.request("/client/v1/login", {
    method: "POST",
    headers: DEVICE,
    form: { email: customer.email, password: customer.password },
  });
  assert.equal(normal.status, 200);
  const answers = await Promise.all(oversized.map(({ answered }) => answered));
  for (const { request } of oversized) request.destroy();
  await Promise.all(oversized.map(({ sending }) => sending));
  assert.deepEqual(
    answers.map((answer) => answer.status),
    Array(16).fill(413),
  );
  const offered = sent.reduce((sum, counter) => sum + counter.bytes, 0);
  assert.ok(offered < (16 * total) / 4, `the server stopped reading: ${offered} bytes were sent`);
  const grown = process.memoryUsage().rss - rssBefore;
  assert.ok(grown < 128 * 1024 * 1024, `memory grew by ${Math.round(grown / 1024 / 1024)} MB`);
});

test("a client that goes away mid-body, mid-request or mid-response is not logged as an error", async (t) => {
  const captured = captureLog(["error"]);
  t.after(captured.restore);
  const logged = captured.lines;
  // A full round trip through the session check and the database: whatever was sent before it has reached its route.
  const barrier = async () => assert.equal((await admin.request("/api/admin/dashboard")).status, 200);

  for (const target of targets) {
    for (const declared of [{ "Content-Length": "1000" }, {}] as Record<string, string>[]) {
      const { request, sending } = post(target, declared, async (request) => {
        await new Promise<void>((resolve) => request.write(`{"email":"${"x".repeat(500)}`, () => resolve()));
      });
      await sending;
      await barrier();
      request.destroy();
      await barrier();
    }
  }

  // A login whose answer is still being worked out (the password is being hashed) when the client goes.
  const customer = await registeredCustomer(app);
  const loginTarget = { ...targets[0], path: "/client/v1/login" };
  const login = post(loginTarget, {}, async (request) => {
    request.end(JSON.stringify({ email: customer.email, password: customer.password }));
  });
  await login.sending;
  login.request.destroy();
  await barrier();

  // Responses the client stops reading: a hundred requests on one connection, none of their answers read
  // (pipelined over a raw socket, outside the contract check).
  const socket = net.connect(Number(port), hostname);
  await once(socket, "connect");
  const headers = Object.entries(app.client.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`GET /client/v1/countries HTTP/1.1\r\nHost: ${hostname}\r\n${headers}\r\n`.repeat(100));
  socket.pause();
  await barrier();
  socket.destroy();
  await barrier();

  assert.deepEqual(logged, []);
});
