/**
 * `npm run bench [-- --quick] [-- --database-url postgresql://…]`
 *
 * Loads the production server (started as `npm start` starts it, on a throw-away database: PGlite
 * in a temporary directory, or a database made on the given PostgreSQL server and dropped after)
 * with autocannon from other processes, and prints one table. Each figure stands beside a reference
 * measured in the same run, in slices taken in turn with it (bench/slices.ts), so the verdicts hold
 * on a noisy machine:
 *   framework floor   GET /api/health: a constant body, no database;
 *   physical ceiling  a raw node:http server in this process serving the bytes of /client/v1/countries;
 *   hashing ceiling   cores × 1 / the time of one password verification, measured here with one
 *                     verification per core at a time (they slow each other down: argon2 is memory-bound).
 * Rows measured in this process alone: the password rules' check (lib/domain/passwords), per call, and
 * screening's precision, recall and search latency on 50,000 listed people (bench/screening.ts).
 * Passkey sign-ins (POST /client/v1/passkeys/authentication/verify) stand beside password logins:
 * their options are fetched, and their assertions signed by the tests' software authenticator
 * (tooling/passkey-authenticator.ts), before each slice, which sends each once.
 * On PostgreSQL a second server with WEB_CONCURRENCY=1 runs beside the first, for the speed-up, and
 * the peer, better-auth, beside both at equal process counts (one process, and as many as the first
 * behind node:cluster) for logins, registrations, their CPU and memory (bench/peer.ts).
 * A server with tracing on (OTLP to a receiver here that keeps nothing) runs beside the first, its
 * logins and reference reads taken in turn with the first's: what tracing costs on and off (bench/tracing.ts).
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
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { config } from "@/lib/platform/config";
import { checkPasswordStrength } from "@/lib/domain/passwords/check-password-strength";
import { commonPasswords } from "@/lib/domain/passwords/common-passwords";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import { buildIfNeeded } from "@/lib/entry/server/build";
import { createTestDatabase } from "@/tooling/throwaway-database";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { PasskeyAuthenticator } from "@/tooling/passkey-authenticator";
import { newAccountsFor, startLoadGenerator, type LoadGenerator, type LoadSpec } from "./load";
import { type Ours, type Peer, type Peers, peerNote, peerRows, startPeers } from "./peer";
import { startSpanSink, tracingOffCost, type TracingResults, tracingRows } from "./tracing";
import { serverMetrics, type ServerWindow } from "./server-metrics";
import {
  cpuSplitPerRequest,
  median,
  medianRatio,
  pooledPercentile,
  requestRates,
  summarize,
  type Slice,
  type Summary,
} from "./slices";
import { figure, figuresNotMeasured, formatTable, type Row } from "./table";
import { RESCREEN_CUSTOMERS, rescreenRows } from "./screening-rescreen";
import { screeningRows } from "./screening";
import { authorisationsRow } from "./authorisations";

const { values: options } = parseArgs({
  options: { quick: { type: "boolean", default: false }, "database-url": { type: "string" } },
});
const POSTGRES_URL = options["database-url"];
const ROUNDS = options.quick ? 3 : 5;
const SLICE_SEC = options.quick ? 1 : 2;
/**
 * The slices of what hashes a password (logins, registrations, the peer's, the hashing ceiling): a
 * login took 1.5 s in CI's quick run, beside the two test passes on two cores, and a 1 s slice then
 * held no answer at all, so the run had no figure and failed. Three seconds hold several.
 */
const HASHING_SLICE_SEC = 3;
const CORES = os.availableParallelism();
const READ_CONNECTIONS = 50;
const CONCURRENT_LOGINS = 16;
// Passkey sign-ins per slice: each needs options fetched (and an assertion signed) before it.
const PASSKEY_SIGN_INS = options.quick ? 400 : 1500;
// The latency probe asks at a fixed rate, well below what the server can do, so its latencies are
// the server's response times rather than the length of a queue the probe itself builds.
const PROBE = { connections: 4, rate: 100, keepLatencies: true };
const ACCOUNTS = options.quick ? 64 : 256;
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const MB = 1024 * 1024;
/**
 * How long the servers and the peers rest after their warm-up before their memory at rest is read:
 * longer than an idle hashing thread lives (as bench:memory waits); `--quick` reads it at once.
 */
const REST_MS = options.quick ? 0 : config().HASHING_THREAD_IDLE_MS + 10_000;

type ApiClient = { client_id: string; client_secret: string };

/** Every request as a customer's app backend sends it: one distinct client IP per account. */
function deviceHeaders(n: number): Record<string, string> {
  return {
    "X-Client-IP": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    "X-Client-UA": "remit-bench",
    "X-Client-Fingerprint": `bench-${n}`,
  };
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_BODY = { "Content-Type": "application/json" };
// What the apps' HTTP libraries (OkHttp, URLSession, browsers) send with every request. Measured
// beside the plain reads: should the server ever compress per request, this row shows the cost.
const ACCEPT_GZIP = { "Accept-Encoding": "gzip" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const registration = (email: string) =>
  form({ email, password: PASSWORD, confirm_password: PASSWORD, email_verification_url: `${ORIGIN}/verify/:token` });

/** PGlite is single-process: the client is made before any server opens the database. */
function createApiClient(databaseUrl: string): ApiClient {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "clients", "create", "--name", "Bench", "--origin", ORIGIN],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`npm run -s cli -- clients create failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/** A response's bytes as they come over the wire (fetch would decompress them). */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
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

type HashingSlice = { perSec: number; verificationMs: number };

/** Verifications per second in this process, one per core at a time, for `seconds`. */
async function hashingSlice(stored: string, seconds: number): Promise<HashingSlice> {
  let count = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CORES }, async () => {
      while (performance.now() - start < seconds * 1000) {
        await verifyPassword(PASSWORD, stored);
        count++;
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  return { perSec: (count * 1000) / elapsedMs, verificationMs: (elapsedMs * CORES) / count };
}

type PasswordCheckCost = { loadMs: number; perCallMs: number };

/**
 * The password rules' cost in this process: reading the list of common passwords (once, on the
 * first check), then one check of a password that passes every rule (the dearest case: each rule runs).
 */
function passwordCheckCost(): PasswordCheckCost {
  const loadStart = performance.now();
  commonPasswords();
  const loadMs = performance.now() - loadStart;
  const calls = options.quick ? 20_000 : 200_000;
  const start = performance.now();
  for (let n = 0; n < calls; n++) checkPasswordStrength(`${PASSWORD} ${n}`, `bench-${n}@example.com`);
  return { loadMs, perCallMs: (performance.now() - start) / calls };
}

/** Runs `task` for each item, `concurrency` at a time. */
async function inParallel<T>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
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
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status} (expected ${status}): ${await response.text()}`);
}

type Server = {
  processes: number;
  process: ServerProcess;
  url: string;
  api(route: string): string;
  endWindow(): Promise<ServerWindow>;
  rssAfterWarmUp: number;
  rssAtRest: number;
  rssPeak: number;
};

/** For a row's `.catch`: its error again, with the end of what each of `servers` printed (the cause is there). */
const failWithOutputOf =
  (servers: { url: string; process: ServerProcess }[]) =>
  (error: unknown): never => {
    const outputs = servers.map(
      (server) => `--- output of the server on ${server.url} ---\n${server.process.output().slice(-3000)}`,
    );
    throw new Error(`${error instanceof Error ? error.message : error}\n${outputs.join("\n")}`);
  };

async function startServer(databaseUrl: string, processes: number, tracingTo = ""): Promise<Server> {
  const child = await startServerProcess({
    // Tracing off (whatever the environment says), or on, exporting to the bench's receiver.
    OTEL_EXPORTER_OTLP_ENDPOINT: tracingTo,
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: String(processes),
    METRICS_TOKEN,
    // Required on PostgreSQL in production; the bench signs no staff session with it.
    AUTH_SECRET: randomBytes(32).toString("base64"),
    // Never send real mail from a bench run, whatever the environment says.
    RESEND_API_KEY: "",
    // Passkey sign-ins: the challenges are fetched ahead of each slice from this one address; bench/authorisations.ts approves payments with one.
    WEBAUTHN_RP_ID: "example.com",
    PASSKEY_CHALLENGES_MAX_PER_IP: "10000000",
  });
  return {
    processes,
    process: child,
    url: child.url,
    api: (route) => `${child.url}/client/v1/${route}`,
    // With several processes the primary's CPU counts too (it hands over the connections), as the peer's does.
    endWindow: serverMetrics(child.url, METRICS_TOKEN, processes, processes > 1 ? child.pid : undefined),
    rssAfterWarmUp: 0,
    rssAtRest: 0,
    rssPeak: 0,
  };
}

async function loadSlice(server: Server, generator: LoadGenerator, spec: LoadSpec): Promise<Slice> {
  await server.endWindow();
  const load = await generator.run(spec);
  const window = await server.endWindow();
  server.rssPeak = Math.max(server.rssPeak, window.rssBytes);
  return {
    load,
    cpuMs: window.cpuMs,
    cpuByThread: window.cpuByThread,
    eventLoopDelayP99Ms: window.eventLoopDelayP99Ms,
  };
}

type ServerResults = {
  floor: Slice[];
  countries: Slice[];
  countriesGzip: Slice[];
  sources: Slice[];
  settings: Slice[];
  settings304: Slice[];
  login: Slice[];
  passkey: Slice[];
  refresh: Slice[];
  register: Slice[];
};

const EXPECTED_STATUS: Record<keyof ServerResults, number> = {
  floor: 200,
  countries: 200,
  countriesGzip: 200,
  sources: 200,
  settings: 200,
  settings304: 304,
  login: 200,
  passkey: 200,
  refresh: 200,
  register: 201,
};

/** The server with tracing on, and the API client of its database (the first's, on PostgreSQL). */
type Traced = { server: Server; client: ApiClient };

type Measurements = {
  servers: { server: Server; results: ServerResults }[];
  tracing: { on: TracingResults; off: TracingResults; offCostNs: number };
  ceiling: Slice[];
  hashing: HashingSlice[];
  probeAtRest: Slice[];
  storm: { logins: Slice; probe: Slice }[];
  passwordCheck: PasswordCheckCost;
  /** Screening's precision, recall and search latency, measured in this process (bench/screening.ts). */
  screening: Row[];
};

async function measure(
  servers: Server[],
  client: ApiClient,
  tag: string,
  generators: [LoadGenerator, LoadGenerator],
  peers: Peer[] | undefined,
  traced: Traced,
): Promise<Measurements> {
  const headersOf = (apiClient: ApiClient) => ({
    "X-Client-ID": apiClient.client_id,
    "X-Client-Secret": apiClient.client_secret,
  });
  const clientHeaders = headersOf(client);
  const tracedHeaders = headersOf(traced.client);
  const [main] = servers;
  // The accounts are registered through the one-process server, as the peer's through its one
  // process: the two whose memory at rest is compared get the same warm-up.
  const registrar = servers.find((server) => server.processes === 1) ?? main;

  console.log(`Registering ${ACCOUNTS} accounts to log in with…`);
  const accounts = Array.from({ length: ACCOUNTS }, (_, n) => `bench-${tag}-account-${n}@example.com`);
  await inParallel(accounts, CONCURRENT_LOGINS, async (email, n) => {
    const response = await fetch(registrar.api("register"), {
      method: "POST",
      headers: { ...clientHeaders, ...FORM, ...deviceHeaders(n) },
      body: registration(email),
    });
    await expectStatus(response, 201, "POST /client/v1/register (setting up the login accounts)");
    // The server with tracing on has a database of its own on PGlite: the same accounts there.
    if (traced.client !== client) {
      const onTraced = await fetch(traced.server.api("register"), {
        method: "POST",
        headers: { ...tracedHeaders, ...FORM, ...deviceHeaders(n) },
        body: registration(email),
      });
      await expectStatus(onTraced, 201, "POST /client/v1/register (setting up the login accounts, tracing on)");
    }
  });
  const loginVariants = accounts.map((email, n) => ({
    body: form({ email, password: PASSWORD }),
    headers: deviceHeaders(n),
  }));

  // A passkey on each of the first CONCURRENT_LOGINS accounts, with the tests' software authenticator
  // (one that keeps its counter at 0, as synced passkeys do: assertions of one key arrive in any order).
  console.log(`Adding a passkey to ${CONCURRENT_LOGINS} of them…`);
  const authenticators = await Promise.all(
    loginVariants.slice(0, CONCURRENT_LOGINS).map(async (variant) => {
      const login = await fetch(registrar.api("login"), {
        method: "POST",
        headers: { ...clientHeaders, ...FORM, ...variant.headers },
        body: variant.body,
      });
      await expectStatus(login, 200, "POST /client/v1/login (before adding a passkey)");
      const authorised = {
        ...clientHeaders,
        ...JSON_BODY,
        ...variant.headers,
        Authorization: `Bearer ${(await login.json()).token}`,
      };
      const options = await fetch(registrar.api("me/passkeys/registration/options"), {
        method: "POST",
        headers: authorised,
        body: JSON.stringify({ password: PASSWORD }),
      });
      await expectStatus(options, 200, "POST /client/v1/me/passkeys/registration/options");
      const { challenge_id, options: creation } = await options.json();
      const authenticator = new PasskeyAuthenticator(ORIGIN, false);
      const added = await fetch(registrar.api("me/passkeys/registration/verify"), {
        method: "POST",
        headers: authorised,
        body: JSON.stringify({ challenge_id, credential: authenticator.create(creation) }),
      });
      await expectStatus(added, 201, "POST /client/v1/me/passkeys/registration/verify");
      return authenticator;
    }),
  );

  const countries = await getRaw(main.api("countries"), clientHeaders);
  if (countries.status !== 200) throw new Error(`GET /client/v1/countries answered ${countries.status}`);
  const settingsEtag = (await fetch(main.api("settings"), { headers: clientHeaders })).headers.get("etag")!;

  for (const [server, headers] of [
    ...servers.map((server) => [server, clientHeaders] as const),
    [traced.server, tracedHeaders] as const,
  ]) {
    // Warm-up (unmeasured): Next loads each route's code on its first request, and V8 compiles hot paths.
    const warmUps = [
      `${server.url}/api/health`,
      server.api("countries"),
      server.api("sources"),
      server.api("settings"),
    ];
    await inParallel(
      warmUps.flatMap((url) => Array<string>(200).fill(url)),
      8,
      async (url) => {
        await (await fetch(url, { headers })).arrayBuffer();
      },
    );
    await inParallel(loginVariants.slice(0, 32), CONCURRENT_LOGINS, async (variant) => {
      const response = await fetch(server.api("login"), {
        method: "POST",
        headers: { ...headers, ...FORM, ...variant.headers },
        body: variant.body,
      });
      await expectStatus(response, 200, "POST /client/v1/login");
    });
    server.rssAfterWarmUp = (await server.endWindow()).rssBytes;
  }
  // The peer (bench/peer.ts): the same warm-up, as far as it has the same endpoints; its one-process
  // deployment signs the accounts up (peers come one process first), the others share its database.
  for (const peer of peers ?? []) await peer.warmUp(tag, peer === peers![0]);
  // Memory at rest is read once every server and peer has rested REST_MS; the measurements in this process run meanwhile.
  const resting = sleep(REST_MS);

  const [generator, secondGenerator] = generators;
  const read = (url: string, headers: Record<string, string> = {}): LoadSpec => ({
    url,
    headers: { ...clientHeaders, ...headers },
    connections: READ_CONNECTIONS,
    durationSec: SLICE_SEC,
  });
  const logins = (server: Server, headers = clientHeaders): LoadSpec => ({
    url: server.api("login"),
    method: "POST",
    headers: { ...headers, ...FORM },
    connections: CONCURRENT_LOGINS,
    durationSec: HASHING_SLICE_SEC,
    variants: loginVariants,
  });
  // Passkey sign-ins hash nothing: the options of PASSKEY_SIGN_INS sign-ins fetched (and signed) before
  // the slice, which sends each assertion once; the slice ends when all are answered.
  const passkeySignIns = async (server: Server): Promise<LoadSpec> => {
    const variants: { body: string; headers: Record<string, string> }[] = [];
    await inParallel(
      Array.from({ length: PASSKEY_SIGN_INS }, (_, n) => n),
      CONCURRENT_LOGINS,
      async (n) => {
        const headers = deviceHeaders(n % ACCOUNTS);
        const response = await fetch(server.api("passkeys/authentication/options"), {
          method: "POST",
          headers: { ...clientHeaders, ...JSON_BODY, ...headers },
          body: "{}",
        });
        await expectStatus(response, 200, "POST /client/v1/passkeys/authentication/options");
        const { challenge_id, options } = await response.json();
        const credential = authenticators[n % authenticators.length].get(options);
        variants.push({ body: JSON.stringify({ challenge_id, credential }), headers });
      },
    );
    return {
      url: server.api("passkeys/authentication/verify"),
      method: "POST",
      headers: { ...clientHeaders, ...JSON_BODY },
      connections: CONCURRENT_LOGINS,
      durationSec: SLICE_SEC,
      amount: variants.length,
      variants,
    };
  };
  // Refreshes hash nothing: each connection goes on with the refresh token its last answer carried,
  // from sessions started just before each slice (two per connection: one in flight, one spare).
  const newSessions = async (server: Server): Promise<string[]> => {
    const tokens: string[] = [];
    await inParallel(loginVariants.slice(0, 2 * CONCURRENT_LOGINS), CONCURRENT_LOGINS, async (variant) => {
      const response = await fetch(server.api("login"), {
        method: "POST",
        headers: { ...clientHeaders, ...FORM, ...variant.headers },
        body: variant.body,
      });
      await expectStatus(response, 200, "POST /client/v1/login (starting sessions to refresh)");
      tokens.push((await response.json()).refresh_token);
    });
    return tokens;
  };
  const refreshes = (server: Server, refreshChains: string[]): LoadSpec => ({
    url: server.api("token/refresh"),
    method: "POST",
    headers: { ...clientHeaders, "Content-Type": "application/json", ...deviceHeaders(0) },
    connections: CONCURRENT_LOGINS,
    durationSec: SLICE_SEC,
    refreshChains,
  });
  let registrations = 0;
  const newRegistrations = (server: Server, perSec: number): LoadSpec => ({
    ...logins(server),
    url: server.api("register"),
    variants: Array.from({ length: newAccountsFor(perSec, HASHING_SLICE_SEC) }, () => {
      const n = registrations++;
      return { body: registration(`bench-${tag}-new-${n}@example.com`), headers: deviceHeaders(ACCOUNTS + n) };
    }),
  });
  const probe: LoadSpec = { ...read(main.api("settings")), ...PROBE };

  const measurements: Measurements = {
    servers: servers.map((server) => ({
      server,
      results: {
        floor: [],
        countries: [],
        countriesGzip: [],
        sources: [],
        settings: [],
        settings304: [],
        login: [],
        passkey: [],
        refresh: [],
        register: [],
      },
    })),
    ceiling: [],
    hashing: [],
    probeAtRest: [],
    storm: [],
    passwordCheck: passwordCheckCost(),
    screening: screeningRows(options.quick),
    tracing: {
      on: { login: [], countries: [] },
      off: { login: [], countries: [] },
      offCostNs: await tracingOffCost(options.quick ? 100_000 : 1_000_000),
    },
  };

  console.log("Memory at rest…");
  await resting;
  for (const server of [...servers, traced.server]) server.rssAtRest = (await server.endWindow()).rssBytes;
  for (const peer of peers ?? []) await peer.readRssAtRest();

  console.log(`Reads: ${ROUNDS} rounds of ${SLICE_SEC} s slices…`);
  const raw = await startRawServer(
    countries.body,
    Object.fromEntries(
      ["content-type", "etag", "cache-control"].flatMap((name) => {
        const value = countries.headers[name];
        return typeof value === "string" ? [[name, value]] : [];
      }),
    ),
  );
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const { server, results } of measurements.servers) {
        results.floor.push(await loadSlice(server, generator, read(`${server.url}/api/health`)));
        results.countries.push(await loadSlice(server, generator, read(server.api("countries"))));
        results.countriesGzip.push(await loadSlice(server, generator, read(server.api("countries"), ACCEPT_GZIP)));
        results.sources.push(await loadSlice(server, generator, read(server.api("sources"))));
        results.settings.push(await loadSlice(server, generator, read(server.api("settings"))));
        results.settings304.push(
          await loadSlice(server, generator, read(server.api("settings"), { "If-None-Match": settingsEtag })),
        );
      }
      // Tracing off (the first server) and on, in turn.
      measurements.tracing.off.countries.push(await loadSlice(main, generator, read(main.api("countries"))));
      measurements.tracing.on.countries.push(
        await loadSlice(traced.server, generator, {
          ...read(traced.server.api("countries")),
          headers: tracedHeaders,
        }),
      );
      // The raw server runs in this process, which does nothing else meanwhile: its CPU is the ceiling's.
      const cpuBefore = process.cpuUsage();
      const load = await generator.run({ ...read(raw.url), headers: {} });
      const cpu = process.cpuUsage(cpuBefore);
      measurements.ceiling.push({ load, cpuMs: (cpu.user + cpu.system) / 1000, eventLoopDelayP99Ms: 0 });
    }
  } finally {
    raw.close();
  }

  console.log("Logins and registrations against the hashing ceiling…");
  const stored = await hashPassword(PASSWORD);
  for (let round = 0; round < ROUNDS; round++) {
    const hashing = await hashingSlice(stored, HASHING_SLICE_SEC);
    measurements.hashing.push(hashing);
    for (const { server, results } of measurements.servers) {
      results.login.push(await loadSlice(server, generator, logins(server)));
      results.passkey.push(await loadSlice(server, generator, await passkeySignIns(server)));
      results.refresh.push(await loadSlice(server, generator, refreshes(server, await newSessions(server))));
      results.register.push(await loadSlice(server, generator, newRegistrations(server, hashing.perSec)));
      // The peer with as many processes (bench/peer.ts), right after.
      await peers?.find((peer) => peer.processes === server.processes)?.measureRound(generator, tag, hashing.perSec);
    }
    measurements.tracing.off.login.push(await loadSlice(main, generator, logins(main)));
    measurements.tracing.on.login.push(await loadSlice(traced.server, generator, logins(traced.server, tracedHeaders)));
  }

  console.log(`GET /client/v1/settings at rest and while ${CONCURRENT_LOGINS} logins hash…`);
  for (let round = 0; round < ROUNDS; round++) {
    measurements.probeAtRest.push(await loadSlice(main, generator, probe));
    await main.endWindow();
    const [stormLogins, stormProbe] = await Promise.all([generator.run(logins(main)), secondGenerator.run(probe)]);
    const window = await main.endWindow();
    main.rssPeak = Math.max(main.rssPeak, window.rssBytes);
    // The CPU of the window is shared by both loads, so neither is given it.
    measurements.storm.push({
      logins: { load: stormLogins, cpuMs: Number.NaN, eventLoopDelayP99Ms: window.eventLoopDelayP99Ms },
      probe: { load: stormProbe, cpuMs: Number.NaN, eventLoopDelayP99Ms: window.eventLoopDelayP99Ms },
    });
  }
  return measurements;
}

const percent = (ratio: number) => (Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : "not measured");

function summaryRow(name: string, summary: Summary): Row {
  return {
    name,
    requestsPerSec: summary.requestsPerSec,
    // No answer in any slice: no answer time either (autocannon says 0 ms), so the row reads "not measured".
    p50Ms: summary.requestsPerSec > 0 ? summary.p50 : Number.NaN,
    p99Ms: summary.requestsPerSec > 0 ? summary.p99 : Number.NaN,
    cpuMsPerRequest:
      Number.isFinite(summary.cpuMsPerRequest) && summary.cpuMsPerRequest > 0 ? summary.cpuMsPerRequest : undefined,
    errors: [summary.errors, summary.unexpected],
  };
}

/**
 * What the peer's rows compare with: each server's logins and registrations beside the peer with as
 * many processes (one process first), and the RSS of the one-process server (the memory target is
 * set for WEB_CONCURRENCY=1).
 */
function oursBesidePeer({ servers }: Measurements): Ours {
  const { rssAfterWarmUp, rssAtRest, rssPeak } = (servers.find(({ server }) => server.processes === 1) ?? servers[0])
    .server;
  return {
    pairings: servers
      .map(({ server, results }) => ({ processes: server.processes, login: results.login, register: results.register }))
      .sort((a, b) => a.processes - b.processes),
    rssAfterWarmUp,
    rssAtRest,
    rssPeak,
    restSec: REST_MS / 1000,
  };
}

function tableRows(
  { servers, ceiling, hashing, probeAtRest, storm, passwordCheck, screening, tracing }: Measurements,
  peerRowsOfTable: Row[],
  spanBatches: number,
): Row[] {
  const [{ results }, single] = servers;
  const phase = (key: keyof ServerResults) => summarize(results[key], EXPECTED_STATUS[key]);
  const speedUp = (key: keyof ServerResults) =>
    single && medianRatio(requestRates(results[key]), requestRates(single.results[key]));
  const row = (
    name: string,
    key: keyof ServerResults,
    comparison?: { ratio: number; of: string; minimum?: number; target?: string },
  ): Row => ({
    ...summaryRow(name, phase(key)),
    ...(comparison && {
      comparison: `${percent(figure(comparison.ratio, `${name}, its ratio to ${comparison.of}`))} of ${comparison.of}`,
      target: comparison.target,
      pass: comparison.minimum === undefined ? undefined : comparison.ratio >= comparison.minimum,
    }),
    speedUp: speedUp(key),
  });
  const ofFloor = (key: keyof ServerResults) => medianRatio(requestRates(results[key]), requestRates(results.floor));
  const referenceRead = (name: string, key: keyof ServerResults) =>
    row(name, key, { ratio: ofFloor(key), of: "floor", minimum: 0.9, target: "≥ 90% of floor" });
  const ofHashing = (key: keyof ServerResults) =>
    medianRatio(
      requestRates(results[key]),
      hashing.map((slice) => slice.perSec),
    );
  const stormProbes = storm.map((slice) => slice.probe);
  const p99AtRest = pooledPercentile(probeAtRest, 0.99);
  const p99InStorm = pooledPercentile(stormProbes, 0.99);
  const latencyRatio = figure(p99InStorm / p99AtRest, "the probe's p99 while logins hash, over its p99 at rest");
  const eventLoopDelay = figure(
    median(storm.map((slice) => slice.probe.eventLoopDelayP99Ms)),
    "the server's event-loop delay while logins hash",
  );
  const verificationMs = figure(median(hashing.map((slice) => slice.verificationMs)), "one password verification");

  const rows: Row[] = [
    row("framework floor: GET /api/health", "floor", {
      ratio: medianRatio(requestRates(results.floor), requestRates(ceiling)),
      of: "ceiling",
    }),
    summaryRow("physical ceiling: raw node:http, same bytes", summarize(ceiling, 200)),
    referenceRead("GET /client/v1/countries", "countries"),
    row("  reference reads: the same bytes as the ceiling", "countries", {
      ratio: medianRatio(requestRates(results.countries), requestRates(ceiling)),
      of: "ceiling",
      minimum: 0.5,
      target: "≥ 50% of ceiling",
    }),
    row("  the same with Accept-Encoding: gzip", "countriesGzip", {
      ratio: ofFloor("countriesGzip"),
      of: "floor (for information)",
    }),
    referenceRead("GET /client/v1/sources", "sources"),
    referenceRead("GET /client/v1/settings (200)", "settings"),
    row("GET /client/v1/settings (304, If-None-Match)", "settings304", {
      ratio: medianRatio(requestRates(results.settings304), requestRates(results.settings)),
      of: "the 200 path",
      minimum: 1,
      target: "≥ 100% of it",
    }),
    {
      name: `hashing ceiling: ${CORES} cores × 1 / ${verificationMs.toFixed(1)} ms`,
      requestsPerSec: median(hashing.map((slice) => slice.perSec)),
      cpuMsPerRequest: verificationMs,
    },
    // For information: the targets of logins and registrations are against the peer (its rows below).
    row(`POST /client/v1/login (${ACCOUNTS} accounts)`, "login", {
      ratio: ofHashing("login"),
      of: "hashing ceiling (for information)",
    }),
    row("POST /client/v1/passkeys/authentication/verify (options fetched before)", "passkey", {
      ratio: medianRatio(requestRates(results.passkey), requestRates(results.login)),
      of: "password logins (no argon2: for information)",
    }),
    row("POST /client/v1/token/refresh (a chain per connection)", "refresh", {
      ratio: ofFloor("refresh"),
      of: "floor (for information)",
    }),
    row("POST /client/v1/register (a new e-mail each)", "register", {
      ratio: ofHashing("register"),
      of: "hashing ceiling (for information)",
    }),
    {
      name: "  password rules: one check (common list, e-mail)",
      comparison: `${(figure(passwordCheck.perCallMs, "the password rules' check") * 1000).toFixed(2)} µs per call; list read once in ${passwordCheck.loadMs.toFixed(0)} ms`,
      target: "< 0.1 ms",
      pass: passwordCheck.perCallMs < 0.1,
    },
    ...screening,
    {
      ...summaryRow(`GET /client/v1/settings at rest, ${PROBE.rate} req/s`, summarize(probeAtRest, 200)),
      p99Ms: p99AtRest,
    },
    {
      ...summaryRow(`  … while ${CONCURRENT_LOGINS} logins hash`, summarize(stormProbes, 200)),
      p99Ms: p99InStorm,
      comparison: `p99 ${latencyRatio.toFixed(2)}× at rest`,
      target: "≤ 2×",
      pass: latencyRatio <= 2,
    },
    summaryRow(
      `  the ${CONCURRENT_LOGINS} concurrent logins`,
      summarize(
        storm.map((slice) => slice.logins),
        200,
      ),
    ),
    { name: "  server event-loop delay, p99", p99Ms: eventLoopDelay, target: "< 20 ms", pass: eventLoopDelay < 20 },
    ...servers.map(({ server }) => ({
      name: `server RSS, ${server.processes} process${server.processes > 1 ? "es" : ""}`,
      comparison: `${Math.round(figure(server.rssAtRest || Number.NaN, "the server's RSS at rest") / MB)} MB at rest (${Math.round(server.rssAfterWarmUp / MB)} right after the warm-up), ${Math.round(figure(server.rssPeak || Number.NaN, "the server's peak RSS") / MB)} MB peak under load`,
    })),
    ...tracingRows(tracing.on, tracing.off, tracing.offCostNs, spanBatches, summaryRow),
    ...peerRowsOfTable,
  ];
  const failures =
    rows.reduce((sum, row) => sum + (row.errors ? row.errors[0] + row.errors[1] : 0), 0) +
    (single
      ? Object.entries(single.results).reduce((sum, [key, slices]) => {
          const summary = summarize(slices, EXPECTED_STATUS[key as keyof ServerResults]);
          return sum + summary.errors + summary.unexpected;
        }, 0)
      : 0);
  rows.push({
    name: "errors and unexpected statuses, every slice",
    comparison: `${failures}`,
    target: "0",
    pass: failures === 0,
  });
  return rows;
}

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  buildIfNeeded();
  const tag = randomBytes(4).toString("hex");

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
  const servers: Server[] = [];
  let traced: Server | undefined;
  let tracedDirectory: string | undefined;
  const spanSink = await startSpanSink();
  let peers: Peers | undefined;
  const generators: [LoadGenerator, LoadGenerator] = [startLoadGenerator(), startLoadGenerator()];
  try {
    // Screening's re-screen, on a database of its own, before any server competes for the cores.
    console.log("Measuring a re-screen of every customer against the screening lists…");
    const rescreen = await rescreenRows(POSTGRES_URL, options.quick ? RESCREEN_CUSTOMERS / 10 : RESCREEN_CUSTOMERS);
    const client = createApiClient(databaseUrl);
    const processes = POSTGRES_URL ? (config().WEB_CONCURRENCY ?? CORES) : 1;
    console.log(
      `Starting ${processes} server process(es) on ${POSTGRES_URL ? "PostgreSQL" : "the embedded database"}…`,
    );
    servers.push(await startServer(databaseUrl, processes));
    if (POSTGRES_URL && processes > 1) servers.push(await startServer(databaseUrl, 1));
    // Tracing on, as many processes as the first server; on PGlite on a database of its own (one process per database).
    let tracedDatabaseUrl = databaseUrl;
    if (!POSTGRES_URL) {
      tracedDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-bench-traced-"));
      tracedDatabaseUrl = `pglite:${tracedDirectory}`;
    }
    const tracedClient = POSTGRES_URL ? client : createApiClient(tracedDatabaseUrl);
    console.log("Starting a server with tracing on (OTLP to a receiver in this process that keeps nothing)…");
    traced = await startServer(tracedDatabaseUrl, processes, spanSink.url);
    // The peer (bench/peer.ts) needs PostgreSQL: one deployment per process count of ours, one process first.
    if (POSTGRES_URL) {
      const counts = [...new Set(servers.map((server) => server.processes))].sort((a, b) => a - b);
      console.log(
        `Starting the peer, better-auth, with ${counts.join(" and ")} process(es), on a database of its own…`,
      );
      peers = await startPeers(
        {
          postgresUrl: POSTGRES_URL,
          origin: ORIGIN,
          password: PASSWORD,
          accounts: ACCOUNTS,
          connections: CONCURRENT_LOGINS,
          sliceSec: HASHING_SLICE_SEC,
        },
        counts,
      );
    }
    const measurements = await measure(servers, client, tag, generators, peers?.peers, {
      server: traced,
      client: tracedClient,
    }).catch(failWithOutputOf([...servers, traced!]));

    console.log("Payment authorisations, created and confirmed with a passkey…");
    const authorisations = await authorisationsRow(
      servers[0],
      { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret },
      { connections: CONCURRENT_LOGINS, seconds: ROUNDS * SLICE_SEC, tag },
    ).catch(failWithOutputOf([servers[0]]));

    const where = POSTGRES_URL ? `PostgreSQL, WEB_CONCURRENCY=${processes}` : "Embedded database (PGlite), 1 process";
    console.log(
      `\n${where}; ${ROUNDS} rounds of ${SLICE_SEC} s slices per phase (${HASHING_SLICE_SEC} s for logins and registrations), taken in turn with what they are compared with` +
        ` (ratios are medians over the rounds, except the probe's p99s, taken over all its answers in all rounds);` +
        ` ${READ_CONNECTIONS} connections for reads, ${CONCURRENT_LOGINS} for logins, refreshes and registrations\n`,
    );
    const ours = oursBesidePeer(measurements);
    console.log(
      formatTable(
        [
          ...tableRows(measurements, peerRows(peers?.peers, ours, summaryRow), spanSink.batches()),
          ...rescreen,
          authorisations,
        ],
        servers.length > 1,
      ),
    );
    const [{ results }] = measurements.servers;
    for (const [what, slices] of [
      ["a login", results.login],
      ["a registration", results.register],
    ] as const) {
      const split = cpuSplitPerRequest(slices, CORES);
      if (!split) continue;
      // No answer in any slice: nothing to divide the machine's time by.
      if (Number.isNaN(figure(split.machine, `where ${what}'s share of the machine went`))) continue;
      const ms = (value: number) => value.toFixed(1);
      console.log(
        `\nWhere ${what}'s share of the machine (${CORES} cores, ${ms(split.machine)} ms) went, in ms: server threads: hashing ${ms(split.server.hashing)},` +
          ` event loop ${ms(split.server.event_loop)}${split.server.database >= 0.05 ? `, embedded database ${ms(split.server.database)}` : ""}, other ${ms(split.server.other)};` +
          ` load generator ${ms(split.loadGenerator)}; the rest (database server, other processes, idle) ${ms(split.rest)}.`,
      );
    }
    console.log(
      `\nCPU ms/req: CPU time of the server's processes (every thread) per response.` +
        `\nRate limits: every login succeeds (only failures count: at most 10 per e-mail and 50 per IP in 15 minutes),` +
        ` spread over ${ACCOUNTS} accounts with one client IP (X-Client-IP) each; every registration has a new e-mail and IP.`,
    );
    console.log(peerNote(peers?.peers));
    const missing = figuresNotMeasured();
    if (missing.length > 0) throw new Error(`\nNot measured, so the run fails: ${missing.join("; ")}`);
  } finally {
    for (const generator of generators) generator.close();
    await Promise.all([...servers, ...(traced ? [traced] : [])].map((server) => server.process.stop()));
    spanSink.close();
    await peers?.stop();
    await dropDatabase();
    if (tracedDirectory) fs.rmSync(tracedDirectory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
