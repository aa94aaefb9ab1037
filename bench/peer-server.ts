/**
 * The bench's peer: better-auth (a dev dependency) with e-mail and password sign-in, as its users
 * deploy it, served by `toNodeHandler` on a plain node:http server in processes of its own, so its
 * memory and CPU are its own. Passwords are hashed with argon2id at our parameters
 * (lib/domain/passwords/argon2-options.ts) through @node-rs/argon2's async calls; its built-in rate limit
 * is off (ours lets every login of the bench through as well). Run by peer.ts, compiled first into
 * .workers/bench-peer-server.mjs and run on plain node (no tsx loader), as our server runs:
 *   `peer-server.ts migrate --database-url …`  creates better-auth's tables with its own migration
 *                                              API (getMigrations), then exits;
 *   `peer-server.ts --database-url … --origin … [--processes N]` (forked, with an IPC channel)
 *                                              serves on a free loopback port, sends { url } once it
 *                                              listens, and answers each "window" message with the
 *                                              RSS it holds and the CPU it used (every thread) since
 *                                              the last. With N > 1 it is a node:cluster primary with
 *                                              N server processes sharing the port (node's round-robin
 *                                              hand-over, as better-auth's users would scale it), and
 *                                              its answer adds up every process's, its own included.
 */
import { randomBytes } from "node:crypto";
import cluster from "node:cluster";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { hash, verify } from "@node-rs/argon2";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { toNodeHandler } from "better-auth/node";
import pg from "pg";
import { ARGON2_OPTIONS } from "@/lib/domain/passwords/argon2-options";

export type PeerWindow = { rssBytes: number; cpuMs: number };

const { values, positionals } = parseArgs({
  options: {
    "database-url": { type: "string" },
    origin: { type: "string" },
    processes: { type: "string", default: "1" },
  },
  allowPositionals: true,
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("peer-server.ts needs --database-url");
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1) throw new Error("--processes must be a whole number ≥ 1");

function options(database: pg.Pool, baseURL?: string): BetterAuthOptions {
  return {
    database,
    baseURL,
    secret: SECRET,
    trustedOrigins: values.origin ? [values.origin] : [],
    emailAndPassword: {
      enabled: true,
      password: {
        hash: (password) => hash(password, ARGON2_OPTIONS),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  };
}

// One secret for every process of a cluster (its primary's, handed down), as a deployment configures one.
process.env.BENCH_PEER_SECRET ??= randomBytes(32).toString("base64");
const SECRET = process.env.BENCH_PEER_SECRET;

/** This process's window since the last call: its RSS now and the CPU it used (every thread). */
function ownWindow(): () => PeerWindow {
  let cpuAtStart = process.cpuUsage();
  return () => {
    const cpu = process.cpuUsage(cpuAtStart);
    cpuAtStart = process.cpuUsage();
    return { rssBytes: process.memoryUsage.rss(), cpuMs: (cpu.user + cpu.system) / 1000 };
  };
}

/** Serves on `port` (0: a free one; in a cluster's process, the one port the primary shares). */
async function serve(port: number): Promise<string> {
  const database = new pg.Pool({ connectionString: databaseUrl });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on("request", toNodeHandler(betterAuth(options(database, url))));
  return url;
}

if (positionals[0] === "migrate") {
  // Loaded here only: the serving process holds no more than a deployment of the peer would.
  const database = new pg.Pool({ connectionString: databaseUrl });
  const { getMigrations } = await import("better-auth/db/migration");
  const { runMigrations } = await getMigrations(options(database));
  await runMigrations();
  await database.end();
} else if (cluster.isWorker) {
  // A cluster's server process: listen(0) in every worker gets the one port the primary opened.
  await serve(0);
  const window = ownWindow();
  process.on("message", (message) => {
    if (message === "window") process.send!(window());
  });
} else if (processes === 1) {
  const url = await serve(0);
  const window = ownWindow();
  process.on("message", (message) => {
    if (message === "window") process.send!(window());
  });
  // The bench ends this process by closing the channel (or killing it).
  process.on("disconnect", () => process.exit(0));
  process.send!({ url });
} else {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  const port = await new Promise<number>((resolve) => {
    let listening = 0;
    cluster.on("listening", (_worker, address) => {
      if (++listening === processes) resolve(address.port);
    });
  });
  cluster.on("exit", (worker, code) => {
    console.error(`the peer's server process ${worker.process.pid} exited with code ${code}`);
    process.exit(1);
  });
  const window = ownWindow();
  process.on("message", async (message) => {
    if (message !== "window") return;
    const parts = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<PeerWindow>((resolve) => {
            worker.once("message", resolve);
            worker.send("window");
          }),
      ),
    );
    const total = [window(), ...parts].reduce((sum, part) => ({
      rssBytes: sum.rssBytes + part.rssBytes,
      cpuMs: sum.cpuMs + part.cpuMs,
    }));
    process.send!(total);
  });
  process.on("disconnect", () => {
    cluster.removeAllListeners("exit");
    for (const worker of workers) worker.process.kill();
    process.exit(0);
  });
  process.send!({ url: `http://127.0.0.1:${port}` });
}
