/**
 * `npm run bench [-- --quick] [-- --database-url postgresql://…]`
 *
 * Loads the production server (started as `npm start` starts it, on a throw-away database: PGlite
 * in a temporary directory, or a database made on the given PostgreSQL server and dropped after)
 * with autocannon from a second process, and prints one table. Each figure stands beside a
 * reference measured in the same run, so the verdicts hold on a noisy machine:
 *   framework floor   GET /api/health: a constant body, no database;
 *   physical ceiling  a raw node:http server in this process serving the bytes of /client/v1/countries;
 *   hashing ceiling   cores × 1 / the time of one password verification, measured here.
 * On PostgreSQL the server runs twice, to show the speed-up of one process per core over one.
 * Exits 0 whatever the verdicts (a noisy machine must not fail a build); non-zero only when the
 * bench itself broke.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { hashPassword, verifyPassword } from "@/lib/passwords";
import { buildIfNeeded } from "@/lib/server/build";
import { createTestDatabase } from "@/test/support/database";
import { startServerProcess, type ServerProcess } from "@/test/support/server-process";
import { generateLoad, responses, unexpectedResponses, type LoadResult, type LoadSpec } from "./bench/load";
import { serverMetrics } from "./bench/server-metrics";
import { formatTable, type Row } from "./bench/table";

const { values: options } = parseArgs({
  options: { quick: { type: "boolean", default: false }, "database-url": { type: "string" } },
});
const POSTGRES_URL = options["database-url"];
const PHASE_SEC = options.quick ? 3 : 10;
const CORES = os.availableParallelism();
const READ_CONNECTIONS = 50;
const CONCURRENT_LOGINS = 16;
// The latency probe asks at a fixed rate, well below what the server can do, so its latencies are
// the server's response times rather than the length of a queue the probe itself builds.
const PROBE = { connections: 4, rate: 100 };
const ACCOUNTS = options.quick ? 64 : 256;
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const MB = 1024 * 1024;

type ApiClient = { client_id: string; client_secret: string };
type Account = { email: string; ip: string };

/** Every request as a customer's app backend sends it: one distinct client IP per account. */
function deviceHeaders(n: number): Record<string, string> {
  return {
    "X-Client-IP": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    "X-Client-UA": "remit-bench",
    "X-Client-Fingerprint": `bench-${n}`,
  };
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function registration(email: string) {
  return form({ email, password: PASSWORD, confirm_password: PASSWORD, email_verification_url: `${ORIGIN}/verify/:token` });
}

/** PGlite is single-process: the client is made before the server opens the database. */
function createApiClient(databaseUrl: string): ApiClient {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "clients", "create", "--name", "Bench", "--origin", ORIGIN],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`npm run cli -- clients create failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

async function measureHashingCeiling(samples: number): Promise<{ verificationMs: number; perSec: number }> {
  const stored = await hashPassword(PASSWORD);
  await verifyPassword(PASSWORD, stored);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await verifyPassword(PASSWORD, stored);
    times.push(performance.now() - start);
  }
  const verificationMs = times.sort((a, b) => a - b)[Math.floor(samples / 2)];
  return { verificationMs, perSec: (CORES * 1000) / verificationMs };
}

/** The physical ceiling: the same bytes from a bare node:http server. */
async function startRawServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Runs `task` for each item, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status} (expected ${status}): ${await response.text()}`);
}

type Measured = { load: LoadResult; eventLoopDelayP99Ms: number; rssBytes: number; cpuMs: number };

type RunOptions = { databaseUrl: string; client: ApiClient; processes: number; tag: string; accounts: Account[]; full: boolean };

type RunResults = {
  floor: Measured;
  countries: Measured;
  sources: Measured;
  settings: Measured;
  settings304: Measured;
  login: Measured;
  register: Measured;
  ceiling?: Measured;
  probeAtRest?: Measured;
  storm?: { login: LoadResult; probe: LoadResult; eventLoopDelayP99Ms: number };
  rssAtRest: number;
  rssPeak: number;
};

/**
 * Starts the server with `processes` processes and measures it. A `full` run also measures the
 * physical ceiling and the login storm; accounts are registered (unmeasured) when `accounts` is empty.
 */
async function benchServer(run: RunOptions, hashingPerSec: number): Promise<RunResults> {
  const server: ServerProcess = await startServerProcess({
    DATABASE_URL: run.databaseUrl,
    WEB_CONCURRENCY: String(run.processes),
    METRICS_TOKEN,
    // Required on PostgreSQL in production; the bench signs no staff session with it.
    AUTH_SECRET: randomBytes(32).toString("base64"),
    // Never send real mail from a bench run, whatever the environment says.
    RESEND_API_KEY: "",
  });
  try {
    const clientHeaders = { "X-Client-ID": run.client.client_id, "X-Client-Secret": run.client.client_secret };
    const api = (route: string) => `${server.url}/client/v1/${route}`;
    const endWindow = serverMetrics(server.url, METRICS_TOKEN, run.processes);

    if (run.accounts.length === 0) {
      const emails = Array.from({ length: ACCOUNTS }, (_, n) => `bench-${run.tag}-account-${n}@example.com`);
      await inParallel(emails, CONCURRENT_LOGINS, async (email, n) => {
        const response = await fetch(api("register"), {
          method: "POST",
          headers: { ...clientHeaders, ...FORM, ...deviceHeaders(n) },
          body: registration(email),
        });
        await expectStatus(response, 201, "POST /client/v1/register (setting up the login accounts)");
        run.accounts.push({ email, ip: deviceHeaders(n)["X-Client-IP"] });
      });
    }
    const loginVariants = run.accounts.map((account, n) => ({
      body: form({ email: account.email, password: PASSWORD }),
      headers: deviceHeaders(n),
    }));

    const countries = await fetch(api("countries"), { headers: clientHeaders });
    await expectStatus(countries, 200, "GET /client/v1/countries");
    const countriesBytes = Buffer.from(await countries.arrayBuffer());
    const settingsEtag = (await fetch(api("settings"), { headers: clientHeaders })).headers.get("etag")!;

    // Warm-up (unmeasured): Next loads each route's code on its first request, and V8 compiles hot paths.
    const warmUps = [`${server.url}/api/health`, api("countries"), api("sources"), api("settings")];
    await inParallel(warmUps.flatMap((url) => Array(200).fill(url)), 8, async (url) => {
      await (await fetch(url, { headers: clientHeaders })).arrayBuffer();
    });
    await inParallel(loginVariants.slice(0, 32), CONCURRENT_LOGINS, async (variant) => {
      const response = await fetch(api("login"), { method: "POST", headers: { ...clientHeaders, ...FORM, ...variant.headers }, body: variant.body });
      await expectStatus(response, 200, "POST /client/v1/login");
    });

    let rssPeak = 0;
    const rssAtRest = (await endWindow()).rssBytes;
    const measure = async (spec: LoadSpec): Promise<Measured> => {
      await endWindow();
      const load = await generateLoad(spec);
      const window = await endWindow();
      rssPeak = Math.max(rssPeak, window.rssBytes);
      return { load, ...window };
    };
    const read = (url: string, headers: Record<string, string> = {}): LoadSpec => ({
      url,
      headers: { ...clientHeaders, ...headers },
      connections: READ_CONNECTIONS,
      durationSec: PHASE_SEC,
    });
    const logins: LoadSpec = {
      url: api("login"),
      method: "POST",
      headers: { ...clientHeaders, ...FORM },
      connections: CONCURRENT_LOGINS,
      durationSec: PHASE_SEC,
      variants: loginVariants,
    };
    const probe: LoadSpec = { ...read(api("settings")), ...PROBE };

    const results: Omit<RunResults, "rssPeak"> = {
      rssAtRest,
      floor: await measure(read(`${server.url}/api/health`)),
      countries: await measure(read(api("countries"))),
      sources: await measure(read(api("sources"))),
      settings: await measure(read(api("settings"))),
      settings304: await measure(read(api("settings"), { "If-None-Match": settingsEtag })),
      login: await measure(logins),
      register: await measure({
        ...logins,
        url: api("register"),
        // Each registration needs a new e-mail: more than the hashing ceiling allows in the phase.
        variants: Array.from({ length: Math.ceil(hashingPerSec * PHASE_SEC * 3) + 1000 }, (_, n) => ({
          body: registration(`bench-${run.tag}-new-${n}@example.com`),
          headers: deviceHeaders(ACCOUNTS + n),
        })),
      }),
    };
    if (run.full) {
      const raw = await startRawServer(countriesBytes, {
        "Content-Type": countries.headers.get("content-type")!,
        ETag: countries.headers.get("etag")!,
        "Cache-Control": countries.headers.get("cache-control")!,
      });
      try {
        results.ceiling = await measure({ ...read(raw.url), headers: {} });
      } finally {
        raw.close();
      }
      results.probeAtRest = await measure(probe);
      await endWindow();
      const [stormLogins, stormProbe] = await Promise.all([generateLoad(logins), generateLoad(probe)]);
      const window = await endWindow();
      rssPeak = Math.max(rssPeak, window.rssBytes);
      results.storm = { login: stormLogins, probe: stormProbe, eventLoopDelayP99Ms: window.eventLoopDelayP99Ms };
    }
    return { ...results, rssPeak };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : error}\n--- server output ---\n${server.output().slice(-4000)}`);
  } finally {
    await server.stop();
  }
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

const EXPECTED_STATUS = { floor: 200, countries: 200, sources: 200, settings: 200, settings304: 304, login: 200, register: 201 } as const;

/** Connection errors and unexpected statuses in the throughput phases of a run. */
function failedRequests(results: RunResults): number {
  return Object.entries(EXPECTED_STATUS).reduce((sum, [phase, status]) => {
    const { load } = results[phase as keyof typeof EXPECTED_STATUS];
    return sum + load.errors + unexpectedResponses(load, [status]);
  }, 0);
}

function loadRow(name: string, load: LoadResult, expected: number[]): Row {
  return {
    name,
    requestsPerSec: load.requestsPerSec,
    p50Ms: load.p50,
    p99Ms: load.p99,
    errors: [load.errors, unexpectedResponses(load, expected)],
  };
}

function measuredRow(name: string, measured: Measured, expected: number[]): Row {
  return { ...loadRow(name, measured.load, expected), cpuMsPerRequest: measured.cpuMs / responses(measured.load) };
}

function tableRows(results: RunResults, hashing: { verificationMs: number; perSec: number }, single?: RunResults): Row[] {
  const floor = results.floor.load.requestsPerSec;
  const ceiling = results.ceiling!.load.requestsPerSec;
  const storm = results.storm!;
  const probeAtRest = results.probeAtRest!.load;
  const withSingle = (row: Row, measured?: Measured): Row => ({ ...row, singleProcessPerSec: measured?.load.requestsPerSec });

  const referenceRead = (name: string, key: "countries" | "sources" | "settings"): Row => {
    const ratio = results[key].load.requestsPerSec / floor;
    return withSingle(
      {
        ...measuredRow(name, results[key], [200]),
        comparison: `${percent(ratio)} of floor (${percent(results[key].load.requestsPerSec / ceiling)} of ceiling)`,
        target: "≥ 90% of floor",
        pass: ratio >= 0.9,
      },
      single?.[key],
    );
  };
  const hashingRow = (name: string, key: "login" | "register", minimum: number): Row => {
    const ratio = results[key].load.requestsPerSec / hashing.perSec;
    return withSingle(
      {
        ...measuredRow(name, results[key], [EXPECTED_STATUS[key]]),
        comparison: `${percent(ratio)} of hashing ceiling`,
        target: `≥ ${percent(minimum)} of it`,
        pass: ratio >= minimum,
      },
      single?.[key],
    );
  };
  const notModifiedRatio = results.settings304.load.requestsPerSec / results.settings.load.requestsPerSec;
  const latencyRatio = storm.probe.p99 / probeAtRest.p99;

  const rows: Row[] = [
    withSingle({ ...measuredRow("framework floor: GET /api/health", results.floor, [200]), comparison: `${percent(floor / ceiling)} of ceiling` }, single?.floor),
    { ...loadRow("physical ceiling: raw node:http, same bytes", results.ceiling!.load, [200]) },
    referenceRead("GET /client/v1/countries", "countries"),
    referenceRead("GET /client/v1/sources", "sources"),
    referenceRead("GET /client/v1/settings (200)", "settings"),
    withSingle(
      {
        ...measuredRow("GET /client/v1/settings (304, If-None-Match)", results.settings304, [304]),
        comparison: `${percent(notModifiedRatio)} of the 200 path`,
        target: "≥ 100% of it",
        pass: notModifiedRatio >= 1,
      },
      single?.settings304,
    ),
    {
      name: `hashing ceiling: ${CORES} cores × 1 / ${hashing.verificationMs.toFixed(1)} ms`,
      requestsPerSec: hashing.perSec,
      cpuMsPerRequest: hashing.verificationMs,
    },
    hashingRow(`POST /client/v1/login (${ACCOUNTS} accounts)`, "login", 0.8),
    hashingRow("POST /client/v1/register (a new e-mail each)", "register", 0.7),
    {
      ...measuredRow(`GET /client/v1/settings at rest, ${PROBE.rate} req/s`, results.probeAtRest!, [200]),
    },
    {
      ...loadRow(`  … while ${CONCURRENT_LOGINS} logins hash`, storm.probe, [200]),
      comparison: `p99 ${latencyRatio.toFixed(2)}× at rest`,
      target: "≤ 2×",
      pass: latencyRatio <= 2,
    },
    { ...loadRow(`  the ${CONCURRENT_LOGINS} concurrent logins`, storm.login, [200]) },
    {
      name: "  server event-loop delay, p99",
      p99Ms: storm.eventLoopDelayP99Ms,
      target: "< 20 ms",
      pass: storm.eventLoopDelayP99Ms < 20,
    },
    {
      name: "server RSS (all processes)",
      comparison: `${Math.round(results.rssAtRest / MB)} MB at rest, ${Math.round(results.rssPeak / MB)} MB peak under load`,
    },
  ];
  const failures = rows.reduce((sum, row) => sum + (row.errors ? row.errors[0] + row.errors[1] : 0), 0) + (single ? failedRequests(single) : 0);
  rows.push({ name: "errors and unexpected statuses, every phase", comparison: `${failures}`, target: "0", pass: failures === 0 });
  return rows;
}

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  buildIfNeeded();
  const tag = randomBytes(4).toString("hex");
  console.log(`Measuring one password verification (${CORES} cores)…`);
  const hashing = await measureHashingCeiling(options.quick ? 10 : 30);

  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  if (POSTGRES_URL) {
    const database = await createTestDatabase(POSTGRES_URL);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  } else {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-bench-"));
    databaseUrl = `pglite:${directory}`;
    dropDatabase = async () => fs.rmSync(directory, { recursive: true, force: true });
  }
  try {
    const client = createApiClient(databaseUrl);
    const processes = POSTGRES_URL ? config().WEB_CONCURRENCY ?? CORES : 1;
    const accounts: Account[] = [];
    console.log(`Benchmarking ${processes} server process(es) on ${POSTGRES_URL ? "PostgreSQL" : "the embedded database"}, ${PHASE_SEC} s per phase…`);
    const results = await benchServer({ databaseUrl, client, processes, tag, accounts, full: true }, hashing.perSec);
    let single: RunResults | undefined;
    if (POSTGRES_URL && processes > 1) {
      console.log("Again with WEB_CONCURRENCY=1, for the speed-up…");
      single = await benchServer({ databaseUrl, client, processes: 1, tag: `${tag}-1`, accounts, full: false }, hashing.perSec);
    }

    console.log(`\n${POSTGRES_URL ? `PostgreSQL, WEB_CONCURRENCY=${processes}` : "Embedded database (PGlite), 1 process"}; ${PHASE_SEC} s per phase; ${READ_CONNECTIONS} connections for reads, ${CONCURRENT_LOGINS} for logins and registrations\n`);
    console.log(formatTable(tableRows(results, hashing, single), single !== undefined));
    console.log(
      `\nRate limits: every login succeeds (only failures count: at most 10 per e-mail and 50 per IP in 15 minutes),` +
        ` spread over ${ACCOUNTS} accounts with one client IP (X-Client-IP) each; every registration has a new e-mail and IP.`,
    );
  } finally {
    await dropDatabase();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
