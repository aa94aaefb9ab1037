/**
 * `npm run dev` (scripts/dev.ts): on an empty embedded database it migrates and seeds first, as
 * `npm start` does, then Next's development server answers /client/v1; while it holds the data
 * directory a second one stops and says why; stopped, it lets the directory go.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { besideDataDirectory } from "@/lib/platform/db/lock";
import { checkoutTurn } from "./support/checkout-turn";
import { freePort, requestOnNewConnection } from "@/tooling/server-process";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-dev-"));
const dataDir = path.join(directory, "db");
const port = await freePort();
// Not the test runner's NODE_ENV=production: Next's development server wants development.
const env = {
  ...process.env,
  NODE_ENV: "development" as const,
  DATABASE_URL: `pglite:${dataDir}`,
  HOSTNAME: "127.0.0.1",
  PORT: String(port),
};

// Next runs one development server per checkout ("Another next dev server is already running"),
// and CI runs this file in both passes at once: each takes its turn.
const turn = checkoutTurn("dev");

// A process group of its own (npm, tsx, scripts/dev.ts, Next and its server), stopped as one.
const dev = spawn("npm", ["run", "dev"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
for (const stream of [dev.stdout, dev.stderr]) stream.on("data", (chunk) => (output += chunk));
const exited = new Promise<number | null>((resolve) => dev.once("exit", (code) => resolve(code)));
const stopGroup = (signal: NodeJS.Signals) => {
  try {
    process.kill(-dev.pid!, signal);
  } catch {}
};
process.once("exit", () => stopGroup("SIGKILL"));
after(async () => {
  // The turn ends once no process of the group is left (Next's server may outlive npm).
  stopGroup("SIGTERM");
  await groupEnded().catch(() => stopGroup("SIGKILL"));
  turn.release();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** The first answer of GET /client/v1/settings: Next compiles the route at the first request. */
async function firstAnswer(deadline = Date.now() + 240_000) {
  for (;;) {
    try {
      return await requestOnNewConnection(`http://127.0.0.1:${port}/client/v1/settings`, {
        headers: { "X-Client-ID": "no-such-client", "X-Client-Secret": "wrong" },
        timeoutMs: 180_000,
      });
    } catch (error) {
      if (Date.now() > deadline || dev.exitCode !== null) throw new Error(`${error}\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

test("npm run dev migrates and seeds an empty database, then answers /client/v1/settings", async () => {
  const answer = await firstAnswer();
  assert.match(output, /Applied migrations to embedded PostgreSQL/);
  assert.match(output, /Seeded reference data: \d+ countries/);
  // Unknown credentials: the route ran, and looked them up in the migrated api_clients table to refuse them.
  assert.equal(answer.status, 401, `${answer.body}\n${output}`);
  assert.equal(JSON.parse(answer.body).type, "authentication_error");
});

test("a second npm run dev on the same directory stops at once and names the holder", () => {
  assert.ok(fs.existsSync(besideDataDirectory(dataDir, ".lock")), "the dev server holds the directory");
  const second = spawnSync("npm", ["run", "--silent", "dev"], { env, encoding: "utf8", timeout: 120_000 });
  assert.equal(second.status, 1, second.stdout + second.stderr);
  assert.match(second.stderr, /is in use by process \d+/);
  assert.match(second.stderr, /DATABASE_URL=pglite:\.data\/dev/, "it names the way out");
});

/** Until no process of the group is left: npm exits on SIGTERM before Next's server, which holds the directory, has let it go. */
async function groupEnded(deadline = Date.now() + 60_000) {
  for (;;) {
    try {
      process.kill(-dev.pid!, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`the dev server's processes are still running\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("stopped, it lets the directory go", async () => {
  stopGroup("SIGTERM");
  await exited;
  await groupEnded();
  assert.ok(!fs.existsSync(besideDataDirectory(dataDir, ".lock")), output);
  await assert.rejects(requestOnNewConnection(`http://127.0.0.1:${port}/client/v1/settings`));
});
