import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "@/tooling/server-process";

/**
 * A PgBouncer of the test's own in front of a PostgreSQL server, pooling in transaction mode as in
 * production: its ini and user list in a temporary directory, listening on a free loopback port.
 * Needs the `pgbouncer` binary (Debian's package; `.ci/run` installs it).
 */
export type PgBouncer = {
  /** `url` (on the pooled server) with its host and port replaced by PgBouncer's. */
  through(url: string): string;
  /** A command on PgBouncer's admin console (`SHOW POOLS`, `SHOW STATS`…): its rows. */
  admin(command: string): Promise<Record<string, string>[]>;
  /** Points every database at another server (`serverUrl`'s host and port): the ini rewritten, then RELOAD. */
  repoint(serverUrl: string): Promise<void>;
  /** What it logged so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

const READY_TIMEOUT_MS = 10_000;

/** Where the binary is, or undefined; Debian puts it in /usr/sbin, which may not be on PATH. */
export function pgbouncerBinary(): string | undefined {
  const directories = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  return directories
    .map((directory) => path.join(directory, "pgbouncer"))
    .find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * `serverUrl` names the PostgreSQL server and the user to log in as; every database on it is
 * reachable through PgBouncer under its own name. `poolSize` is `default_pool_size`: the server
 * connections per database that all clients share; `settings`, more lines for its [pgbouncer] section.
 */
export async function startPgBouncer(
  serverUrl: string,
  { poolSize, settings = [] }: { poolSize: number; settings?: string[] },
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error("pgbouncer is not installed (apt-get install pgbouncer)");
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || os.userInfo().username;
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  // The password, if any, is what PgBouncer logs in to the server with; clients are trusted.
  fs.writeFileSync(
    path.join(directory, "userlist.txt"),
    `${quoted(user)} ${quoted(decodeURIComponent(server.password))}\n`,
  );
  const iniFile = path.join(directory, "pgbouncer.ini");
  const ini = (pooled: URL) => [
    "[databases]",
    `* = host=${pooled.hostname} port=${pooled.port || 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(directory, "userlist.txt")}`,
    `admin_users = ${user}`,
    "pool_mode = transaction",
    `default_pool_size = ${poolSize}`,
    "max_client_conn = 500",
    // It refuses to run as root; as root (CI), it drops to PostgreSQL's own user.
    ...(process.getuid?.() === 0 ? ["user = postgres"] : []),
    ...settings,
  ];
  fs.writeFileSync(iniFile, `${ini(server).join("\n")}\n`);
  fs.chmodSync(directory, 0o755);

  const child = spawn(binary, [iniFile], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64 * 1024));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    process.off("exit", killOnExit);
    fs.rmSync(directory, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`PgBouncer not up after ${READY_TIMEOUT_MS} ms:\n${output}`)),
        READY_TIMEOUT_MS,
      );
      const onData = () => {
        if (!output.includes("process up")) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("exit", (code) => reject(new Error(`PgBouncer exited with code ${code}:\n${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const admin = async (command: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user, database: "pgbouncer" });
    await client.connect();
    try {
      // The admin console speaks only the simple query protocol: no parameters.
      const { rows } = await client.query(command);
      return rows;
    } finally {
      await client.end();
    }
  };

  return {
    through(url) {
      const pooled = new URL(url);
      pooled.hostname = "127.0.0.1";
      pooled.port = String(port);
      return pooled.toString();
    },
    admin,
    async repoint(serverUrl) {
      fs.writeFileSync(iniFile, `${ini(new URL(serverUrl)).join("\n")}\n`);
      await admin("RELOAD");
    },
    output: () => output,
    stop,
  };
}
