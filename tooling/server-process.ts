/**
 * The production server as `npm start` runs it (scripts/start.mjs, with the environment and node
 * flags of package.json's start script), in a child process on a free loopback port: for the tests
 * and the bench that need whole server processes.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { text } from "node:stream/consumers";
import { contractFetch, type ContractFetch } from "./api-contract";

export type ServerProcess = {
  url: string;
  pid: number;
  /** A request to this server; answers from /client/v1 are checked against the API description (api-contract.ts). */
  fetch: ContractFetch;
  /** What it printed so far (the last 64 KB), for failure messages. */
  output(): string;
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL (nothing shuts down), then waits for it to be gone. */
  kill(): Promise<void>;
};

// A server on a new embedded database migrates it first (51 migrations, about 10 s of one core):
// in CI, beside the PostgreSQL pass, the browser tests and the scale bench on two cores, that took
// longer than the 120 s this was, and cli-beside-server.test.ts failed at its start. A hang still
// fails, with the server's output.
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 20_000;
const KEPT_OUTPUT = 64 * 1024;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * package.json's start script, `NAME=value … node <flags> scripts/start.mjs`, read as its environment
 * and node's arguments, so that what is measured and tested runs as operators run it, without npm's
 * own process in between.
 */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const script: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;
  const words = script.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node === -1 || words.slice(0, node).some((word) => !/^[A-Z_][A-Z0-9_]*=\S*$/.test(word))) {
    throw new Error(`package.json's start script is not "NAME=value … node …": ${script}`);
  }
  const env = Object.fromEntries(
    words.slice(0, node).map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
  );
  return { env, args: words.slice(node + 1) };
}

/** `env` adds to (and overrides) this process's environment; DATABASE_URL belongs in it. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Should this process end without stopping it (a crash, Ctrl-C), the server must not outlive it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`not ready after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    const onData = () => {
      if (!output.includes("\nReady on ")) return;
      cleanUp();
      resolve();
    };
    const onExit = (code: number | null) => fail(`exited with code ${code} before it was ready`);
    const cleanUp = () => {
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
    };
    function fail(why: string) {
      cleanUp();
      child.kill("SIGKILL");
      reject(new Error(`The server on port ${port} ${why}:\n${output}`));
    }
    child.stdout.on("data", onData);
    child.once("exit", onExit);
  });

  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    fetch: contractFetch(url),
    output: () => output,
    async stop() {
      if (!running()) return;
      const killer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      child.kill("SIGTERM");
      await exited;
      clearTimeout(killer);
    },
    async kill() {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
  };
}

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * One request over a connection of its own (which a cluster hands to its processes in turn). Fails
 * after `timeoutMs` rather than waiting for ever on a connection nobody answers. Unlike fetch, it
 * sends any Host header it is given, and connects from `localAddress` when given (another loopback
 * address, say, to play a trusted proxy or anyone else).
 */
export function requestOnNewConnection(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
    timeoutMs = 5_000,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, headers, localAddress }, (response) => {
      // Rejects, too, when the connection closes before the answer is complete.
      text(response).then(
        (text) => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        reject,
      );
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}
