/**
 * What the tests of the server's fast paths share: requests exactly as given and answers exactly as
 * received, over node:http's own client (fetch would normalise the path and decompress the body),
 * compared byte for byte with Next's answer to the same request; the switch between the two; and a
 * bare server with nothing but one fast path, to see which requests it takes.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after } from "node:test";
import { reloadConfig } from "@/lib/platform/config";

function setFastPath(on: boolean): void {
  process.env.FAST_PATH = String(on);
  reloadConfig();
}

/** `run` with FAST_PATH=false, which the server running in the test's process reads per request. */
export async function withFastPathOff<T>(run: () => Promise<T>): Promise<T> {
  setFastPath(false);
  try {
    return await run();
  } finally {
    setFastPath(true);
  }
}

/** A request to a bare server: method, path, headers beside the common ones, body if not the common one. */
export type BareCase = [method: string, path: string, headers?: RawHeaders, body?: string];

/**
 * Each case is left to Next by the fast path on the bare server at `url` (answered 599), and so is
 * `taken`, a request the fast path takes, once FAST_PATH=false.
 */
export async function assertLeftToNext(
  url: string,
  common: { headers: RawHeaders; body?: string },
  cases: BareCase[],
  taken: BareCase,
): Promise<void> {
  const ask = ([method, path, headers = {}, body]: BareCase) =>
    rawRequest(url, method, path, { ...common.headers, ...headers }, body ?? common.body);
  for (const request of cases) {
    const [method, path, headers = {}] = request;
    assert.equal(
      (await ask(request)).status,
      599,
      `${method} ${path} ${JSON.stringify(headers).slice(0, 80)} is left to Next`,
    );
  }
  assert.equal((await withFastPathOff(() => ask(taken))).status, 599, "FAST_PATH=false leaves it all to Next");
}

/** The URL of a server that answers what `fastPath` takes and 599 to everything else; closed after the file. */
export async function bareServer(
  fastPath: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
): Promise<string> {
  const bare = http.createServer((request, response) => {
    if (fastPath(request, response)) return;
    response.statusCode = 599;
    response.end();
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  after(() => new Promise<void>((resolve) => bare.close(() => resolve())));
  return `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
}

export type RawHeaders = Record<string, string | string[]>;
export type RawAnswer = { status: number; statusMessage: string; headers: string[]; body: Buffer };

/** One request exactly as given, on a connection of its own, and its answer exactly as received. */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: RawHeaders = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // The path as given, not as a URL would normalise it (dot segments, an empty query, a fragment).
    const options = { hostname, port, path, method, headers, agent: false };
    const request = http.request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          statusMessage: response.statusMessage!,
          headers: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The answer with Date's value and the request id's (checked to be one) left out. */
export function comparable(answer: RawAnswer) {
  const headers: [string, string][] = [];
  for (let i = 0; i < answer.headers.length; i += 2) {
    const [name, value] = [answer.headers[i], answer.headers[i + 1]];
    if (name.toLowerCase() === "x-request-id") assert.match(value, /^[0-9a-f-]{36}$/);
    headers.push([name, /^(date|x-request-id)$/i.test(name) ? "…" : value]);
  }
  return { status: answer.status, statusMessage: answer.statusMessage, headers, body: answer.body.toString("latin1") };
}

/** The value of header `name` (lower case) in an answer, if it has one. */
export function header(answer: RawAnswer, name: string): string | undefined {
  const index = answer.headers.findIndex((candidate, i) => i % 2 === 0 && candidate.toLowerCase() === name);
  return index === -1 ? undefined : answer.headers[index + 1];
}

/**
 * `wire`, an answer as received, is `direct`, the declared handler's own Response to the same
 * request: the same status, each of the handler's headers with its value (the request id aside, new
 * in each answer) and the same body, byte for byte, once `mask` hides what each answer has of its
 * own (a login token). The wire has the server's own headers besides (Date, the security headers).
 */
export async function assertHandlersAnswer(
  wire: RawAnswer,
  direct: Response,
  label: string,
  mask: (body: string) => string = (body) => body,
): Promise<void> {
  assert.equal(wire.status, direct.status, label);
  const received = new Map<string, string>();
  for (let i = 0; i < wire.headers.length; i += 2) received.set(wire.headers[i].toLowerCase(), wire.headers[i + 1]);
  for (const [name, value] of direct.headers) {
    if (name === "x-request-id") assert.match(received.get(name) ?? "", /^[0-9a-f-]{36}$/, label);
    else assert.equal(received.get(name), value, `${label}: ${name}`);
  }
  const body = Buffer.from(await direct.arrayBuffer()).toString("latin1");
  assert.equal(mask(wire.body.toString("latin1")), mask(body), label);
}
