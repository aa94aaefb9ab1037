/**
 * `npm test`: builds if needed, then runs every test/*.test.ts (but the bench's) with Node's test runner, each file
 * in a process of its own, two at a time, then the browser tests in e2e/ when Chromium is there. Each file's
 * report is printed whole when it ends, under a line with its name, verdict and time, and the run ends with the
 * files that failed and the slowest ones (where CI's time goes).
 * On PGlite by default; set TEST_DATABASE_URL=postgresql://… to run the same suite on PostgreSQL.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "@/lib/entry/server/build";

const only = process.argv.slice(2);
buildIfNeeded();

/**
 * Files the whole suite leaves out, run by name: the bench's quick run takes minutes of a machine
 * the suite shares (CI runs it beside the suite, .ci/run).
 */
const RUN_BY_NAME_ONLY = new Set(["bench.test.ts"]);

/**
 * The longest files (measured in a local run of .ci/run, where the two passes share two cores),
 * started first: two at a time, a long one started last would run alone at the end while the other
 * slot sits idle.
 */
const LONGEST_FIRST = [
  "admin-hostile-input.test.ts",
  "cli-beside-server.test.ts",
  "backup-restore.test.ts",
  "staff-cli.test.ts",
  "single-process.test.ts",
  "scale-out.test.ts",
  "pglite-worker.test.ts",
  "pglite-wal.test.ts",
  "migrations.test.ts",
  "data-migrations.test.ts",
  "outbox-cli.test.ts",
  "cli.test.ts",
  "screening-lists.test.ts",
];

/**
 * Files that test the embedded database itself, or `npm start` and the CLI on one of their own,
 * whatever database the suite runs on: the PostgreSQL pass leaves them to the embedded pass, which
 * runs them alike (together some ten minutes of a pass's two slots in CI). A file listed here that
 * names the suite's database is refused below, so the list cannot hide one that should run twice.
 */
const EMBEDDED_DATABASE_ONLY = new Set([
  "cli-beside-server.test.ts",
  "dev-server.test.ts",
  "embedded-lock.test.ts",
  "pglite-wal.test.ts",
  "pglite-worker.test.ts",
  "single-process.test.ts",
  "staff-cli.test.ts",
  "thread-priority.test.ts",
]);
const SUITE_DATABASE =
  /TEST_DATABASE_URL|createTestDatabase|createPreparedTestDatabase|support\/app"|support\/backups"/;
for (const name of EMBEDDED_DATABASE_ONLY) {
  if (SUITE_DATABASE.test(fs.readFileSync(path.join("test", name), "utf8")))
    throw new Error(`${name} uses the suite's database: it belongs to both passes, not EMBEDDED_DATABASE_ONLY`);
}
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const rank = (file: string) => {
  const at = LONGEST_FIRST.indexOf(path.basename(file));
  return at === -1 ? LONGEST_FIRST.length : at;
};
const files = only.length
  ? only
  : fs
      .readdirSync("test")
      .filter((name) => name.endsWith(".test.ts") && !RUN_BY_NAME_ONLY.has(name))
      .filter((name) => !(onPostgres && EMBEDDED_DATABASE_ONLY.has(name)))
      .sort()
      .map((name) => path.join("test", name))
      .sort((a, b) => rank(a) - rank(b));

const where = onPostgres ? "PostgreSQL (TEST_DATABASE_URL)" : "embedded PostgreSQL (PGlite)";
console.log(`Running ${files.length} test files on ${where}`);
if (onPostgres && !only.length)
  console.log(`Left to the embedded pass (they never use this database): ${[...EMBEDDED_DATABASE_ONLY].join(", ")}`);
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
// As the server runs: React and Next pick their production builds at import time.
// Warnings and errors only: a line per request would bury the test report (test/logs.test.ts sets its own).
const env: NodeJS.ProcessEnv = {
  LOG_LEVEL: "warn",
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
};

type Outcome = { file: string; passed: boolean; seconds: number };

/** One file under Node's test runner; its report (TAP) printed whole when it ends. */
function runFile(file: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--test", "--test-reporter=tap", `--test-timeout=${TEST_TIMEOUT_MS}`, file],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const report: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => report.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => report.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const passed = code === 0;
      const verdict = passed ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${file}: ${verdict} in ${seconds.toFixed(0)} s\n${Buffer.concat(report).toString()}`);
      resolve({ file, passed, seconds });
    });
  });
}

const queue = [...files];
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: Math.max(1, CONCURRENCY) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) outcomes.push(await runFile(file));
  }),
);

const failed = outcomes.filter((outcome) => !outcome.passed);
const slowest = [...outcomes].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
console.log(
  `\n${outcomes.length} files, ${failed.length} failed${failed.length ? `: ${failed.map((o) => o.file).join(", ")}` : ""}`,
);
console.log(`The slowest: ${slowest.map((o) => `${path.basename(o.file)} ${o.seconds.toFixed(0)} s`).join(", ")}`);
let status = failed.length ? 1 : 0;

if (!only.length && fs.existsSync("e2e") && process.env.SKIP_E2E !== "1") {
  const e2e = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], { stdio: "inherit" });
  status ||= e2e.status ?? 1;
}
process.exit(status);
