/**
 * `npm test`: builds if needed, then runs every test/*.test.ts (but the bench's) with Node's test runner (each file
 * in its own process, two at a time), then the browser tests in e2e/ when Chromium is there.
 * On PGlite by default; set TEST_DATABASE_URL=postgresql://… to run the same suite on PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "@/lib/entry/server/build";

const only = process.argv.slice(2);
buildIfNeeded();

/**
 * Files the whole suite leaves out, run by name: the bench's quick run takes minutes of a machine
 * the suite shares (CI runs it after the suite, .ci/run).
 */
const RUN_BY_NAME_ONLY = new Set(["bench.test.ts"]);

const files = only.length
  ? only
  : fs
      .readdirSync("test")
      .filter((name) => name.endsWith(".test.ts") && !RUN_BY_NAME_ONLY.has(name))
      .sort()
      .map((name) => path.join("test", name));

const where = process.env.TEST_DATABASE_URL ? "PostgreSQL (TEST_DATABASE_URL)" : "embedded PostgreSQL (PGlite)";
console.log(`Running ${files.length} test files on ${where}`);
// Test files share no state (each has its own database and server on a free port), so two run at
// once: most of a file's time is waiting on its server, its database or a timer. TEST_CONCURRENCY=1
// runs them one after another.
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? 2);
// A test that hangs fails after this, with its name, rather than holding up the whole run. Ten
// minutes: the admin API's hostile-input sweep (2,482 requests since this batch's routes) takes
// five on the embedded database while the PostgreSQL pass and the browser tests share the two
// cores, which cut it off at the five it had. The files run by name only take longer (the bench's
// quick run: minutes on a busy machine); the runner's time-out would otherwise cut them off first.
const TEST_TIMEOUT_MS = (files.some((file) => RUN_BY_NAME_ONLY.has(path.basename(file))) ? 20 : 10) * 60_000;
const unit = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", `--test-concurrency=${CONCURRENCY}`, `--test-timeout=${TEST_TIMEOUT_MS}`, ...files],
  {
    stdio: "inherit",
    // As the server runs: React and Next pick their production builds at import time.
    // Warnings and errors only: a line per request would bury the test report (test/logs.test.ts sets its own).
    env: { LOG_LEVEL: "warn", ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  },
);
let status = unit.status ?? 1;

if (!only.length && fs.existsSync("e2e") && process.env.SKIP_E2E !== "1") {
  const e2e = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], { stdio: "inherit" });
  status ||= e2e.status ?? 1;
}
process.exit(status);
