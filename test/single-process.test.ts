import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { scrapeMetrics, serverPids } from "@/tooling/metrics-scrape";
import { jsonLines, runCli } from "./support/cli";
import { requestOnNewConnection, startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { copyEmbeddedTemplate } from "@/tooling/throwaway-database";

// `npm start` on the embedded database, whichever database the rest of the suite runs on.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-single-"));
copyEmbeddedTemplate(path.join(directory, "db"));
const DATABASE_URL = `pglite:${path.join(directory, "db")}`;
const METRICS_TOKEN = randomBytes(16).toString("hex");
let server: ServerProcess;

before(async () => {
  server = await startServerProcess({ DATABASE_URL, WEB_CONCURRENCY: "2", METRICS_TOKEN });
});
after(async () => {
  await server?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** Every file under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return `${name} ${stat.size} ${stat.mtimeMs}`;
  });
}

/**
 * The directory's snapshot once the server holding it has stopped writing for a second: the work
 * it starts with (retention's first daily check among it) writes a moment after it is ready.
 */
async function settledSnapshot(dir: string): Promise<string[]> {
  let previous = snapshot(dir);
  for (let tries = 0; tries < 60; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = snapshot(dir);
    if (JSON.stringify(now) === JSON.stringify(previous)) return now;
    previous = now;
  }
  throw new Error("the data directory never stopped changing");
}

/** The output of a start that was expected to fail, from startServerProcess's error. */
async function failedStart(env: Record<string, string>): Promise<string> {
  let started: ServerProcess;
  try {
    started = await startServerProcess(env);
  } catch (error) {
    return (error as Error).message;
  }
  await started.stop();
  assert.fail("the second start serves too");
}

test("on the embedded database the server runs one process, whatever WEB_CONCURRENCY asks, and says so", async () => {
  assert.match(
    server.output(),
    /One server process: the embedded database is single-process, so WEB_CONCURRENCY=2 is ignored/,
  );
  assert.match(server.output(), /Ready on \S+ +\(embedded PostgreSQL \(PGlite\)[^;]*; 1 server process\)/);
  const warnings = server.output().match(/^.*PUBLIC_URL is not set.*$/gm) ?? [];
  assert.equal(warnings.length, 1, "a production start without PUBLIC_URL says so once");
  assert.equal(JSON.parse(warnings[0]).level, "warn");
  assert.ok(warnings[0].includes("http://127.0.0.1:"), warnings[0]);
  for (let i = 0; i < 3; i++) {
    const { samples } = await scrapeMetrics(server.url, METRICS_TOKEN);
    assert.deepEqual(serverPids(samples), [server.pid], "the process started serves every connection: no primary");
  }
});

test("the start message's examples use the address the server listens on, and the CLI works beside it", () => {
  const hints = server.output().slice(server.output().indexOf("\nReady on "));
  assert.ok(hints.includes(`${server.url}/admin`), hints);
  assert.ok(hints.includes(`${server.url}/client/v1/settings`), hints);
  const addresses = hints.match(/https?:\/\/(localhost|127\.0\.0\.1)[^\s']*/g) ?? [];
  assert.ok(addresses.length >= 3, hints);
  for (const address of addresses) assert.ok(address.startsWith(server.url), `${address} is where the server listens`);
  assert.doesNotMatch(hints, /Stop the server|Ctrl-C/);
});

test("a second start on the same directory stops before touching it, naming the process that holds it", async () => {
  const dataDir = path.join(directory, "db");
  const before = await settledSnapshot(dataDir);
  const output = await failedStart({ DATABASE_URL });
  assert.match(output, /exited with code 1 before it was ready/);
  assert.match(output, new RegExp(`in use by process ${server.pid} \\(scripts/start\\.mjs\\)`));
  assert.match(output, new RegExp(`kill ${server.pid}`), "says what to do");
  assert.doesNotMatch(output, /Database:|Building|Applied|Seeded/, "stopped before it built or opened anything");
  assert.deepEqual(snapshot(dataDir), before, "the data directory is untouched");
  assert.equal((await requestOnNewConnection(`${server.url}/api/health`)).status, 200, "the first one serves on");
});

test("of two starts racing for a free directory one serves and the other names it; after a kill -9 the next start takes over", async () => {
  const env = { DATABASE_URL: `pglite:${path.join(directory, "raced")}` };
  const starts = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const serving = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  try {
    assert.equal(serving.length, 1, `exactly one serves: ${starts.map((start) => start.status).join(", ")}`);
    const [winner] = serving;
    const [refused] = starts.flatMap((start) => (start.status === "rejected" ? [String(start.reason)] : []));
    assert.match(refused, new RegExp(`in use by process ${winner.pid} `));

    const created = await runCli(
      env,
      "clients",
      "create",
      "--name",
      "Before the crash",
      "--origin",
      "https://app.example.com",
    );
    assert.equal(created.code, 0, created.stderr);
    const [client] = jsonLines(created.stdout);
    await winner.kill();
    assert.equal(
      JSON.parse(fs.readFileSync(path.join(directory, "raced.lock"), "utf8")).pid,
      winner.pid,
      "kill -9 leaves its lock behind",
    );

    const next = await startServerProcess(env);
    serving.push(next);
    assert.equal(
      JSON.parse(fs.readFileSync(path.join(directory, "raced.lock"), "utf8")).pid,
      next.pid,
      "the stale lock was taken over",
    );
    const headers = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
    assert.equal((await next.fetch("/client/v1/settings", { headers })).status, 200, "the data is all there");
  } finally {
    await Promise.all(serving.map((started) => started.stop()));
  }
});
