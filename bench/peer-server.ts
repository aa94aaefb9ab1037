/**
 * The bench's peer: better-auth (a dev dependency) with e-mail and password sign-in, as its users
 * deploy it, served by `toNodeHandler` on a plain node:http server in a process of its own, so its
 * memory and CPU are its own. Passwords are hashed with argon2id at our parameters
 * (lib/domain/passwords/argon2-options.ts) through @node-rs/argon2's async calls; its built-in rate limit
 * is off (ours lets every login of the bench through as well). Run by peer.ts, compiled first into
 * .workers/bench-peer-server.mjs and run on plain node (no tsx loader), as our server runs:
 *   `peer-server.ts migrate --database-url …`  creates better-auth's tables with its own migration
 *                                              API (getMigrations), then exits;
 *   `peer-server.ts --database-url … --origin …` (forked, with an IPC channel) serves on a free
 *                                              loopback port, sends { url } once it listens, and
 *                                              answers each "window" message with the RSS it holds
 *                                              and the CPU it used (every thread) since the last.
 */
import { randomBytes } from "node:crypto";
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
  options: { "database-url": { type: "string" }, origin: { type: "string" } },
  allowPositionals: true,
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("peer-server.ts needs --database-url");

function options(database: pg.Pool, baseURL?: string): BetterAuthOptions {
  return {
    database,
    baseURL,
    secret: randomBytes(32).toString("base64"),
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

const database = new pg.Pool({ connectionString: databaseUrl });

if (positionals[0] === "migrate") {
  // Loaded here only: the serving process holds no more than a deployment of the peer would.
  const { getMigrations } = await import("better-auth/db/migration");
  const { runMigrations } = await getMigrations(options(database));
  await runMigrations();
  await database.end();
} else {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on("request", toNodeHandler(betterAuth(options(database, url))));

  let cpuAtStart = process.cpuUsage();
  process.on("message", (message) => {
    if (message !== "window") return;
    const cpu = process.cpuUsage(cpuAtStart);
    cpuAtStart = process.cpuUsage();
    const window: PeerWindow = { rssBytes: process.memoryUsage.rss(), cpuMs: (cpu.user + cpu.system) / 1000 };
    process.send!(window);
  });
  // The bench ends this process by closing the channel (or killing it).
  process.on("disconnect", () => process.exit(0));
  process.send!({ url });
}
