/**
 * The bench's peer, side by side with ours: better-auth (peer-server.ts) on its own throw-away
 * database on the same PostgreSQL server, warmed up as ours is, its logins and registrations
 * measured in the same rounds as ours, and the rows that compare the two: ours / the peer's rates
 * and RSS at rest, with their targets.
 */
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { createTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { type LoadGenerator, type LoadSpec, newAccountsFor } from "./load";
import type { PeerWindow } from "./peer-server";
import { medianRatio, requestRates, type Slice, type Summary, summarize } from "./slices";
import { figure, type Row } from "./table";

const PEER_SERVER_SOURCE = path.join(import.meta.dirname, "peer-server.ts");
/** Where the peer's server is compiled to, beside the project's node_modules (which it loads its packages from). */
const PEER_SERVER = path.join(import.meta.dirname, "..", ".workers", "bench-peer-server.mjs");
const WARM_UP_LOGINS = 32;
const MB = 1024 * 1024;
/**
 * The targets of issue 29, at equal process counts: logins and registrations ≥ 1.1× the peer's, and
 * (in the table) less server CPU per login than the peer's; RSS at rest ≤ 1.25× the peer's (issue 38;
 * 1.5× in issue 29).
 */
const MINIMUM_SPEED = 1.1;
const MAXIMUM_MEMORY = 1.25;

export const PEER_VERSION: string = JSON.parse(
  fs.readFileSync(path.join("node_modules", "better-auth", "package.json"), "utf8"),
).version;

export type PeerSettings = {
  /** The PostgreSQL server the bench runs on; the peer gets a database of its own there. */
  postgresUrl: string;
  /** The Origin its requests carry, which it trusts (better-auth refuses a POST from an untrusted one). */
  origin: string;
  password: string;
  accounts: number;
  connections: number;
  sliceSec: number;
};

export type Peer = {
  /** How many server processes serve (node:cluster beyond one). */
  processes: number;
  /**
   * Signs up the accounts to log in with (`signUp`: the deployment that does so; the others share
   * its database), then logs some of them in.
   */
  warmUp(tag: string, signUp: boolean): Promise<void>;
  /** Its RSS now, read as ours is, after the warm-up and the same rest. */
  readRssAtRest(): Promise<void>;
  /** One round: a slice of logins, then one of registrations (`perSec` sizes their supply of new e-mails). */
  measureRound(generator: LoadGenerator, tag: string, perSec: number): Promise<void>;
  stop(): Promise<void>;
  /** What was measured so far. */
  results: PeerResults;
};

type PeerResults = { login: Slice[]; register: Slice[]; rssAfterWarmUp: number; rssAtRest: number; rssPeak: number };

/** What a browser sends: the trusted Origin, and (for better-auth's session rows) one client IP per account. */
function peerHeaders(origin: string, n: number): Record<string, string> {
  return {
    "Content-Type": "application/json",
    Origin: origin,
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    "User-Agent": "remit-bench",
  };
}

/**
 * Compiles peer-server.ts into one ES module (its packages left to load from node_modules), so the
 * peer runs on plain node as our server does: under tsx's loader its RSS would count the loader's
 * memory too, and the two would not compare like with like.
 */
function compilePeerServer(): void {
  buildSync({
    entryPoints: [PEER_SERVER_SOURCE],
    outfile: PEER_SERVER,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
  });
}

/** One deployment of the peer on the peers' database: `processes` server processes (node:cluster beyond one). */
async function forkPeer(settings: PeerSettings, databaseUrl: string, processes: number): Promise<Peer> {
  const args = ["--database-url", databaseUrl, "--origin", settings.origin, "--processes", String(processes)];
  const child = fork(PEER_SERVER, args, {
    execArgv: [],
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16 * 1024);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const nextMessage = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the peer exited with code ${code}:\n${output.slice(-3000)}`));
      child.once("exit", onExit);
      child.once("message", (message) => {
        child.off("exit", onExit);
        resolve(message as T);
      });
    });
  const { url } = await nextMessage<{ url: string }>();
  const endWindow = () => {
    const answer = nextMessage<PeerWindow>();
    child.send("window");
    return answer;
  };
  const post = (route: string, body: unknown, n: number) =>
    fetch(`${url}/api/auth/${route}`, {
      method: "POST",
      headers: peerHeaders(settings.origin, n),
      body: JSON.stringify(body),
    });
  const accounts = (tag: string) =>
    Array.from({ length: settings.accounts }, (_, n) => `peer-${tag}-account-${n}@example.com`);

  const own: PeerResults = { login: [], register: [], rssAfterWarmUp: 0, rssAtRest: 0, rssPeak: 0 };
  const slice = async (generator: LoadGenerator, spec: LoadSpec): Promise<Slice> => {
    await endWindow();
    const load = await generator.run(spec);
    const window = await endWindow();
    own.rssPeak = Math.max(own.rssPeak, window.rssBytes);
    return { load, cpuMs: window.cpuMs, eventLoopDelayP99Ms: Number.NaN };
  };

  return {
    processes,
    results: own,
    async warmUp(tag, signUp) {
      const emails = accounts(tag);
      for (const [route, count] of [
        ["sign-up/email", signUp ? emails.length : 0],
        ["sign-in/email", WARM_UP_LOGINS],
      ] as const) {
        let next = 0;
        await Promise.all(
          Array.from({ length: settings.connections }, async () => {
            while (next < count) {
              const n = next++ % emails.length;
              const response = await post(
                route,
                { name: `Peer ${n}`, email: emails[n], password: settings.password },
                n,
              );
              if (response.status !== 200)
                throw new Error(
                  `the peer's POST /api/auth/${route} answered ${response.status}: ${await response.text()}`,
                );
              await response.arrayBuffer();
            }
          }),
        );
      }
      own.rssAfterWarmUp = (await endWindow()).rssBytes;
    },
    async readRssAtRest() {
      own.rssAtRest = (await endWindow()).rssBytes;
    },
    async measureRound(generator, tag, perSec) {
      const base = {
        method: "POST" as const,
        headers: { "Content-Type": "application/json", Origin: settings.origin },
        connections: settings.connections,
        durationSec: settings.sliceSec,
      };
      own.login.push(
        await slice(generator, {
          ...base,
          url: `${url}/api/auth/sign-in/email`,
          variants: accounts(tag).map((email, n) => ({
            body: JSON.stringify({ email, password: settings.password }),
            headers: peerHeaders(settings.origin, n),
          })),
        }),
      );
      own.register.push(
        await slice(generator, {
          ...base,
          url: `${url}/api/auth/sign-up/email`,
          variants: Array.from({ length: newAccountsFor(perSec, settings.sliceSec) }, () => {
            const n = registrations.next++;
            return {
              body: JSON.stringify({
                name: `Peer ${n}`,
                email: `peer-${tag}-new-${n}@example.com`,
                password: settings.password,
              }),
              headers: peerHeaders(settings.origin, settings.accounts + n),
            };
          }),
        }),
      );
    },
    async stop() {
      if (child.connected) child.disconnect();
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The peers' registrations so far, over every deployment (they share a database): each a new e-mail. */
const registrations = { next: 0 };

export type Peers = { peers: Peer[]; stop(): Promise<void> };

/**
 * The peer deployed once per count in `processCounts` (one process, then as many as our first
 * server has), all on one throw-away database of its own, as our servers share ours.
 */
export async function startPeers(settings: PeerSettings, processCounts: number[]): Promise<Peers> {
  compilePeerServer();
  const database: TestDatabase = await createTestDatabase(settings.postgresUrl);
  const peers: Peer[] = [];
  const stop = async () => {
    await Promise.all(peers.map((peer) => peer.stop()));
    await database.drop();
  };
  try {
    const migration = spawnSync(process.execPath, [PEER_SERVER, "migrate", "--database-url", database.url], {
      encoding: "utf8",
    });
    if (migration.status !== 0) throw new Error(`better-auth's migration failed:\n${migration.stderr}`);
    for (const processes of processCounts) peers.push(await forkPeer(settings, database.url, processes));
  } catch (error) {
    await stop();
    throw error;
  }
  return { peers, stop };
}

/** Ours beside one deployment of the peer: the server with as many processes. */
export type OursBeside = { processes: number; login: Slice[]; register: Slice[] };
/** Ours beside the peers: one pairing per deployment, and the one-process server's RSS. */
export type Ours = {
  pairings: OursBeside[];
  rssAfterWarmUp: number;
  rssAtRest: number;
  rssPeak: number;
  /** How long both rested after their warm-up before their RSS at rest was read. */
  restSec: number;
};

const processesName = (processes: number) => `${processes} process${processes > 1 ? "es" : ""}`;

/**
 * The peer's rows of the table, one block per pairing at equal process counts (`summaryRow` is the
 * bench's, so they read as ours do), then the memory at rest; without peers (the embedded
 * database), the peer's rows say it was not measured.
 */
export function peerRows(
  peers: Peer[] | undefined,
  ours: Ours,
  summaryRow: (name: string, summary: Summary) => Row,
): Row[] {
  const rss = "server RSS at rest, ours / better-auth's (1 process each)";
  if (!peers) {
    const comparison = "not measured: the peer needs PostgreSQL";
    return [
      ...ours.pairings.flatMap(({ processes }) =>
        [
          `better-auth ${PEER_VERSION}, ${processesName(processes)}: POST /api/auth/sign-in/email`,
          `better-auth ${PEER_VERSION}, ${processesName(processes)}: POST /api/auth/sign-up/email`,
        ].map((name) => ({ name, comparison })),
      ),
      { name: rss, comparison },
    ];
  }
  const rows = ours.pairings.flatMap((pairing, index): Row[] => {
    const peer = peers[index].results;
    const each = processesName(pairing.processes);
    const names = {
      login: [
        `ours, ${each}: POST /client/v1/login`,
        `better-auth ${PEER_VERSION}, ${each}: POST /api/auth/sign-in/email`,
      ],
      register: [
        `ours, ${each}: POST /client/v1/register`,
        `better-auth ${PEER_VERSION}, ${each}: POST /api/auth/sign-up/email`,
      ],
    };
    const versus = (key: "login" | "register"): Row[] => {
      const [oursName, peerName] = names[key];
      const ratio = figure(medianRatio(requestRates(pairing[key]), requestRates(peer[key])), `${peerName}, ours / its`);
      return [
        summaryRow(oursName, summarize(pairing[key], key === "login" ? 200 : 201)),
        {
          ...summaryRow(peerName, summarize(peer[key], 200)),
          comparison: `ours ×${ratio.toFixed(2)}`,
          target: `ours ≥ ${MINIMUM_SPEED}×`,
          pass: ratio >= MINIMUM_SPEED,
        },
      ];
    };
    const cpuName = `  server CPU per login, ${each} each: ours / better-auth's`;
    const [oursCpu, peerCpu] = [pairing.login, peer.login].map((slices) =>
      figure(summarize(slices, 200).cpuMsPerRequest, `${cpuName}, ${slices === peer.login ? "its" : "ours"}`),
    );
    const cpuRatio = oursCpu / peerCpu;
    return [
      ...versus("login"),
      ...versus("register"),
      {
        name: cpuName,
        comparison: `${oursCpu.toFixed(2)} / ${peerCpu.toFixed(2)} ms = ×${cpuRatio.toFixed(2)}`,
        target: "ours < 1×",
        pass: cpuRatio < 1,
      },
    ];
  });
  const single = peers.find((peer) => peer.processes === 1)!.results;
  // An RSS of 0 is one that was not read: never a ratio of 0 that passes.
  const memory = figure((ours.rssAtRest || Number.NaN) / (single.rssAtRest || Number.NaN), rss);
  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  return [
    ...rows,
    {
      name: rss,
      comparison: `${mb(ours.rssAtRest)} / ${mb(single.rssAtRest)} = ×${memory.toFixed(2)}, ${ours.restSec} s after the warm-up (right after it: ${mb(ours.rssAfterWarmUp)} / ${mb(single.rssAfterWarmUp)})`,
      target: `ours ≤ ${MAXIMUM_MEMORY}×`,
      pass: memory <= MAXIMUM_MEMORY,
    },
    {
      name: "  peak under load, ours / better-auth's",
      comparison: `${mb(ours.rssPeak)} / ${mb(single.rssPeak)}`,
    },
  ];
}

/** What the table's note says of the peer. */
export function peerNote(peers: Peer[] | undefined): string {
  if (!peers) return "\nThe peer (better-auth) is measured on PostgreSQL only (npm run bench -- --database-url …).";
  const clusters = peers.filter((peer) => peer.processes > 1).map((peer) => peer.processes);
  return (
    `\nThe peer: better-auth ${PEER_VERSION}, e-mail and password, served by toNodeHandler on node:http, in one process` +
    `${clusters.length > 0 ? ` and in ${clusters.join(", ")} behind node:cluster` : ""} (each beside ours with as many` +
    ` server processes), on a database of its own on the same PostgreSQL server (schema by its getMigrations), argon2id` +
    ` at our parameters through @node-rs/argon2's async hash and verify; its built-in rate limit is OFF. Its logins and` +
    ` registrations are taken in the same rounds as ours, each slice right after ours, with as many accounts and` +
    ` connections (a browser's Origin header, one client IP per account in X-Forwarded-For). Server CPU counts every` +
    ` thread of every process, a cluster's primary included, on both sides.`
  );
}
