/**
 * Backup and restore of a PostgreSQL database with PostgreSQL's own tools: `pg_dump --format=custom`
 * (one snapshot, consistent while the service writes) and `pg_restore` (in one transaction: all of
 * the dump or nothing). They are found on PATH or in Debian's /usr/lib/postgresql/<version>/bin.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A tool is missing, or it failed: the message says which and what it printed. */
export class PostgresToolError extends Error {}

/** Where `name` (pg_dump, pg_restore) is: PATH first, then the newest of Debian's versioned directories. */
function postgresTool(name: string): string {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const found = [...onPath, ...debianPostgresBinDirectories()]
    .map((directory) => path.join(directory, name))
    .find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (!found)
    throw new PostgresToolError(
      `${name} was not found on PATH nor in /usr/lib/postgresql/*/bin: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`,
    );
  return found;
}

/**
 * The URL as libpq takes it: Prisma's own parameters (the pool's size, PgBouncer mode…) removed,
 * libpq refusing parameters it does not know.
 */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of [
    "connection_limit",
    "pool_timeout",
    "pgbouncer",
    "schema",
    "statement_cache_size",
    "socket_timeout",
  ])
    parsed.searchParams.delete(name);
  return parsed.toString();
}

/** Writes `url`'s database to `dumpFile` in pg_dump's custom format. */
export async function dumpPostgres(url: string, dumpFile: string): Promise<void> {
  await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${dumpFile}`, libpqUrl(url)]);
}

/** The tables, views and sequences outside PostgreSQL's own schemas: none in an empty database. */
export async function countRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: libpqUrl(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

/** Drops every schema but PostgreSQL's own, and makes `public` afresh: the database as CREATE DATABASE leaves it. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: libpqUrl(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
    );
    await client.query("BEGIN");
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    await client.query("CREATE SCHEMA public");
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

/** Restores `dumpFile` (pg_dump's custom format) into `url`'s database, in one transaction. */
export async function restorePostgres(url: string, dumpFile: string): Promise<void> {
  await runTool("pg_restore", [
    "--single-transaction",
    "--exit-on-error",
    "--no-owner",
    "--no-privileges",
    `--dbname=${libpqUrl(url)}`,
    dumpFile,
  ]);
}

async function runTool(name: string, args: string[]): Promise<void> {
  const tool = postgresTool(name);
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new PostgresToolError(`${name} failed: ${(stderr || message).trim()}`);
  }
}

/** Debian's /usr/lib/postgresql/<version>/bin directories, newest version first; none when PostgreSQL is not installed. */
export function debianPostgresBinDirectories(): string[] {
  let versions: string[];
  try {
    versions = fs.readdirSync("/usr/lib/postgresql");
  } catch {
    return [];
  }
  return versions
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `/usr/lib/postgresql/${version}/bin`);
}
