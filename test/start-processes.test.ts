/**
 * The processes `npm start` leaves running (scripts/start.mjs): with one server process, that process
 * alone (no primary, no tsx, no esbuild); with several, a primary that has loaded neither Next,
 * Prisma nor the app. What each process imported is logged by test/support/module-log.mjs.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { requestOnNewConnection, startCommand, startServerProcess } from "@/tooling/server-process";
import { createTestDatabase } from "@/tooling/throwaway-database";

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "remit-modules-"));
after(() => fs.rmSync(logDir, { recursive: true, force: true }));

/** The live processes whose parent is `pid`, with their command lines. */
function childrenOf(pid: number): { pid: number; command: string }[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (parent !== pid) return [];
        const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
        return [{ pid: Number(entry), command }];
      } catch {
        return []; // gone while we looked
      }
    });
}

/** What process `pid` imported. */
function importsOf(pid: number): string[] {
  const file = path.join(logDir, String(pid));
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : [];
}

const APP = /\/node_modules\/(next|@prisma|react-dom|tsx|esbuild)\/|\/lib\/generated\/|\/\.workers\/server\.mjs/;

async function start(env: Record<string, string>) {
  const database = await createTestDatabase();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    NODE_OPTIONS: `--import ${path.resolve("test/support/module-log.mjs")}`,
    MODULE_LOG_DIR: logDir,
    ...env,
  });
  after(async () => {
    await server.stop();
    await database.drop();
  });
  return server;
}

test("with WEB_CONCURRENCY=1, npm start leaves one process, which serves: no primary, no tsx, no esbuild", async () => {
  const server = await start({ WEB_CONCURRENCY: "1" });
  assert.equal((await requestOnNewConnection(`${server.url}/api/health`)).status, 200);
  assert.deepEqual(childrenOf(server.pid), [], "no process beside it");
  const imported = importsOf(server.pid);
  assert.ok(
    imported.some((url) => url.endsWith("/.workers/server.mjs")),
    "it runs the compiled server itself",
  );
  assert.ok(!imported.some((url) => /\/node_modules\/(tsx|esbuild)\//.test(url)), "neither tsx nor esbuild loaded");
  if (process.env.TEST_DATABASE_URL) {
    assert.ok(
      !imported.some((url) => url.includes("/node_modules/@prisma/schema-engine-wasm/")),
      "on PostgreSQL the preparation migrated: the server never loads the schema engine",
    );
  }
  assert.match(server.output(), /1 server process\)/);

  // As package.json's start script runs it: its environment and node flags reach the server.
  const { env, args } = startCommand();
  const environment = fs.readFileSync(`/proc/${server.pid}/environ`, "utf8").split("\0");
  for (const [name, value] of Object.entries(env)) assert.ok(environment.includes(`${name}=${value}`), name);
  assert.ok(Object.keys(env).includes("MALLOC_ARENA_MAX"), "the start script sets glibc's arenas");
  const command = fs.readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  assert.deepEqual(command.slice(1), args);
});

test("with WEB_CONCURRENCY=2 on PostgreSQL, the primary forks two servers and loads neither Next, Prisma nor the app", {
  skip: !process.env.TEST_DATABASE_URL && "the embedded database runs one process (TEST_DATABASE_URL unset)",
}, async () => {
  const server = await start({ WEB_CONCURRENCY: "2" });
  const workers = childrenOf(server.pid);
  assert.equal(workers.length, 2, JSON.stringify(workers));
  for (const worker of workers) assert.match(worker.command, /\.workers\/server\.mjs$/);
  for (let n = 0; n < 4; n++) assert.equal((await requestOnNewConnection(`${server.url}/api/health`)).status, 200);

  const primary = importsOf(server.pid);
  assert.ok(
    primary.some((url) => url.endsWith("/.workers/primary.mjs")),
    "the log covers the primary",
  );
  assert.deepEqual(
    primary.filter((url) => APP.test(url)),
    [],
    "the primary loaded none of them",
  );
  for (const worker of workers) {
    assert.ok(
      importsOf(worker.pid).some((url) => url.includes("/node_modules/next/")),
      "a server process loads Next",
    );
  }
});
