import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { debianPostgresBinDirectories } from "@/lib/platform/db/postgres-backup";
import { freePort } from "@/tooling/server-process";
import { until } from "./until";

/**
 * A PostgreSQL primary and its hot standby, made for a test in a temporary directory with Debian's
 * binaries (/usr/lib/postgresql/<version>/bin): `initdb`, then `pg_basebackup -R` for the standby,
 * streaming replication with synchronous commit (`synchronous_standby_names = '*'`), so that a
 * commit is acknowledged only once the standby has it. Run as the postgres user when this process is
 * root (PostgreSQL refuses to), as this process's user otherwise. For the failover test.
 */
export type ReplicatedPair = {
  /** postgresql://… of the primary's and the standby's `postgres` database. */
  primaryUrl: string;
  standbyUrl: string;
  /** kill -9 of the primary's postmaster and every process of it: a machine that died. */
  killPrimary(): void;
  /** `pg_ctl promote` of the standby; resolves once it takes writes. */
  promoteStandby(): Promise<void>;
  /** The two servers' logs, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
};

const run = promisify(execFile);

/** Debian's newest PostgreSQL binaries that have initdb, or undefined. */
export function postgresBinaries(): string | undefined {
  return debianPostgresBinDirectories().find((bin) => fs.existsSync(path.join(bin, "initdb")));
}

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's server binaries are not installed (apt-get install postgresql-15)");
  const asRoot = process.getuid?.() === 0;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-replication-"));
  if (asRoot) {
    const ids = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
    fs.chownSync(directory, await ids("-u"), await ids("-g"));
  }
  const tool = async (name: string, ...args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, name), ...args]]
      : [path.join(bin, name), args];
    try {
      return (await run(command, commandArgs, { cwd: directory })).stdout;
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${name} ${args.join(" ")} failed: ${stderr || stdout}`);
    }
  };
  const primary = path.join(directory, "primary");
  const standby = path.join(directory, "standby");
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const postmasters = new Set<number>();
  const killAll = () => {
    for (const pid of postmasters) killTree(pid);
  };
  process.once("exit", killAll);

  const settings = (port: number, extra: string[]) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${directory}'`,
      "shared_buffers = 16MB",
      "max_connections = 40",
      ...extra,
    ].join("\n");
  const start = async (dataDir: string) => {
    await tool("pg_ctl", "-D", dataDir, "-l", `${dataDir}.log`, "-w", "-t", "60", "start");
    postmasters.add(Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]));
  };

  try {
    await tool("initdb", "-D", primary, "-U", "postgres", "--auth=trust", "--no-sync");
    fs.appendFileSync(
      path.join(primary, "postgresql.conf"),
      `\n${settings(primaryPort, ["synchronous_standby_names = '*'", "synchronous_commit = on"])}\n`,
    );
    await start(primary);
    await tool(
      "pg_basebackup",
      ...[
        "-h",
        "127.0.0.1",
        "-p",
        String(primaryPort),
        "-U",
        "postgres",
        "-D",
        standby,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
      ],
    );
    // Promoted, it has no standby of its own: it must not wait for one.
    fs.appendFileSync(
      path.join(standby, "postgresql.conf"),
      `\n${settings(standbyPort, ["synchronous_standby_names = ''", "hot_standby = on"])}\n`,
    );
    await start(standby);
    await until(
      () => query(url(primaryPort), "SELECT sync_state FROM pg_stat_replication"),
      (rows) => rows.some((row) => row.sync_state === "sync"),
      { timeoutMs: 30_000, everyMs: 200 },
    );
  } catch (error) {
    killAll();
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  const primaryPid = [...postmasters][0];
  return {
    primaryUrl: url(primaryPort),
    standbyUrl: url(standbyPort),
    killPrimary: () => killTree(primaryPid),
    async promoteStandby() {
      await tool("pg_ctl", "-D", standby, "-w", "-t", "60", "promote");
      await until(
        () => query(url(standbyPort), "SELECT pg_is_in_recovery() AS standby"),
        (rows) => rows[0]?.standby === false,
        {
          timeoutMs: 30_000,
          everyMs: 100,
        },
      );
    },
    logs: () =>
      [primary, standby]
        .map(
          (dataDir) =>
            `${path.basename(dataDir)}:\n${fs.existsSync(`${dataDir}.log`) ? fs.readFileSync(`${dataDir}.log`, "utf8").slice(-8000) : ""}`,
        )
        .join("\n"),
    async stop() {
      killAll();
      process.off("exit", killAll);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } catch {
    return [];
  } finally {
    await client.end().catch(() => {});
  }
}

/** SIGKILL to a postmaster and every process it started, as a power cut would end them. */
function killTree(pid: number): void {
  const children = fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const target of [pid, ...children]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // gone already
    }
  }
}
