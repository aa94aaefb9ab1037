import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import os from "node:os";
import { test } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);

// `npm run bench -- --quick`, as anyone would run it: on the database the suite runs on. What it
// measures is for people to read; this checks what holds whatever the machine's speed: it runs
// through, every row has its figure, every target its verdict, nothing reads as a figure that was
// not measured, and no request failed. It takes minutes, so `npm test` leaves it out (scripts/test.ts);
// CI runs it by name after the suite (.ci/run), and so can anyone: npx tsx scripts/test.ts test/bench.test.ts.
// Longer than the suite's 5 minutes a test (scripts/test.ts): on a busy machine the quick run takes more.
test("npm run bench measures every target and prints a verdict beside each, with no errors", {
  timeout: 20 * 60_000,
}, async () => {
  const databaseArgs = process.env.TEST_DATABASE_URL ? ["--database-url", process.env.TEST_DATABASE_URL] : [];
  const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/run.ts", "--quick", ...databaseArgs], {
    maxBuffer: 16 * 1024 * 1024,
  });
  // The table, for whoever reads the run's log (CI's included).
  console.log(stdout);
  const row = (name: string) =>
    stdout.split("\n").find((line) => line.startsWith(name)) ?? assert.fail(`no row "${name}" in:\n${stdout}`);

  // No figure that was not measured reads as one: the bench stops instead (bench/table.ts, figure()).
  assert.doesNotMatch(stdout, /\bNaN\b|Infinity|undefined|\bmissing\b/i, "a figure that was not measured");
  // The table: every row with a target has a verdict, and a figure before it.
  const lines = stdout.split("\n");
  const header = lines.findIndex((line) => /^\s+req\/s\s+p50 ms/.test(line));
  assert.ok(header >= 0, `no table in:\n${stdout}`);
  const table = lines.slice(header + 2, lines.indexOf("", header));
  assert.ok(table.length >= 15, `the table has ${table.length} rows`);
  const targetColumn = lines[header].indexOf("target");
  for (const line of table) {
    const target = line.slice(targetColumn).trim();
    if (target === "" || /^×[\d.]+$/.test(target)) continue; // no target; at most the speed-up column
    assert.match(line, /\d.*\s(PASS|FAIL)(\s|$)/, `a target without a figure and a verdict: ${line}`);
  }

  for (const name of [
    "GET /client/v1/countries ",
    "  reference reads: the same bytes as the ceiling",
    "GET /client/v1/sources ",
    "GET /client/v1/settings (200)",
    "GET /client/v1/settings (304, If-None-Match)",
    "  password rules: one check",
    "  … while 16 logins hash",
    "  server event-loop delay, p99",
  ]) {
    assert.match(row(name), /\s(PASS|FAIL)(\s|$)/, name);
  }
  assert.match(row("framework floor: GET /api/health"), /% of ceiling/);
  // Tracing: on beside off, and what off costs a login.
  for (const name of ["tracing on: POST /client/v1/login", "tracing on: GET /client/v1/countries"])
    assert.match(row(name), /on \/ off ×\d+\.\d\d req\/s, [+-]\d+\.\d\d CPU ms\/req/, name);
  assert.match(
    row("tracing off: its hooks in a login"),
    /\d+ ns per login .* [1-9]\d* batches exported while on .*\s(PASS|FAIL)$/,
  );
  for (const name of ["POST /client/v1/login ", "POST /client/v1/register "])
    assert.match(row(name), /\s\d+% of hashing ceiling \(for information\)(\s|$)/, name);
  assert.match(row("hashing ceiling: "), /\d cores × 1 \/ [\d.]+ ms/);
  assert.match(
    row("errors and unexpected statuses, every slice"),
    /\s0\s+0\s+PASS$/,
    "no errors and no unexpected statuses",
  );
  if (process.platform === "linux")
    assert.match(stdout, /Where a login's share of the machine .* hashing [\d.]+, event loop [\d.]+/);
  // The peer, better-auth, beside ours at equal process counts: on PostgreSQL only.
  const peer = "better-auth \\S+";
  const memoryRow = "server RSS at rest, ours / better-auth's \\(1 process each\\)";
  if (process.env.TEST_DATABASE_URL) {
    // One process each, and as many as the first server has (WEB_CONCURRENCY, else one per core).
    const processes = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
    for (const each of [...new Set([1, processes])].map((n) => `${n} process${n > 1 ? "es" : ""}`)) {
      for (const route of ["POST /client/v1/login", "POST /client/v1/register"])
        assert.match(
          stdout,
          // Figures of a thousand and more are grouped ("1,633.0").
          new RegExp(`^ours, ${each}: ${route}\\s+[\\d,]+\\s+[\\d,.]+\\s+[\\d,.]+\\s+[\\d,.]+\\s`, "m"),
        );
      for (const route of ["sign-in", "sign-up"])
        assert.match(
          stdout,
          new RegExp(
            `^${peer}, ${each}: POST /api/auth/${route}/email\\s.*\\sours ×\\d+\\.\\d\\d\\s+ours ≥ 1.1×\\s+(PASS|FAIL)`,
            "m",
          ),
          `${each}, ${route}`,
        );
      assert.match(
        stdout,
        new RegExp(
          `^  server CPU per login, ${each} each: ours / better-auth's\\s+[\\d,.]+ / [\\d,.]+ ms = ×\\d+\\.\\d\\d\\s+ours < 1×\\s+(PASS|FAIL)`,
          "m",
        ),
        each,
      );
    }
    assert.match(
      stdout,
      new RegExp(
        `^${memoryRow}\\s.*\\d+ MB / \\d+ MB = ×\\d+\\.\\d\\d, \\d+ s after the warm-up \\(right after it: \\d+ MB / \\d+ MB\\)\\s+ours ≤ 1\\.25×\\s+(PASS|FAIL)`,
        "m",
      ),
    );
    assert.match(stdout, /its built-in rate limit is OFF/);
    if (processes > 1) assert.match(stdout, new RegExp(`in one process and in ${processes} behind node:cluster`));
    assert.match(row("server RSS, 1 process"), /MB at rest/, "the speed-up is measured against one process");
    assert.match(
      row("GET /client/v1/countries "),
      /\s×\d+\.\d\d$/,
      "the speed-up of two processes over one is reported",
    );
  } else {
    for (const name of [
      `${peer}, 1 process: POST /api/auth/sign-in/email`,
      `${peer}, 1 process: POST /api/auth/sign-up/email`,
      memoryRow,
    ])
      assert.match(stdout, new RegExp(`^${name}\\s+not measured: the peer needs PostgreSQL$`, "m"), name);
  }
});
