/**
 * Loads the scale bench's synthetic population (population-sql.ts) into a database: migrates and
 * seeds it as `npm run db:seed` does, then runs the steps inside the database (PostgreSQL over
 * node-postgres, or an embedded database's directory opened with PGlite while no server holds it).
 * Every loaded customer and staff member has the password PASSWORD.
 */
import { spawnSync } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import { embeddedDatabaseOptions } from "@/lib/platform/db/pglite-options";
import pg from "pg";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import { populationSteps } from "./population-sql";

export const PASSWORD = "correct horse battery staple";

export type LoadReport = { customers: number; seconds: number; steps: { name: string; seconds: number }[] };

/** `npm run db:seed` on `databaseUrl`: the migrations, then the reference data. */
export function migrateAndSeed(databaseUrl: string): void {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db.ts", "seed"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`tsx scripts/db.ts seed failed:\n${result.stderr}${result.stdout}`);
}

/** The loader's own session: no statement timeout, and the big sorts in memory where it can. */
export const LOADER_SETTINGS = "SET statement_timeout = 0; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'";

type Runner = { exec(sql: string): Promise<void>; close(): Promise<void> };

async function openRunner(databaseUrl: string): Promise<Runner> {
  if (databaseUrl.startsWith("pglite:")) {
    // As the service opens its own (pg_trgm: the audit log's inserts keep its trigram index).
    const pglite = await PGlite.create(embeddedDatabaseOptions(databaseUrl.slice("pglite:".length)));
    await pglite.exec(LOADER_SETTINGS);
    return {
      exec: async (sql) => {
        await pglite.exec(sql);
      },
      close: () => pglite.close(),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(LOADER_SETTINGS);
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    close: () => client.end(),
  };
}

/** Migrates, seeds and loads `customers` customers (and everything in proportion) into `databaseUrl`. */
export async function loadPopulation(
  databaseUrl: string,
  customers: number,
  progress: (line: string) => void = () => {},
): Promise<LoadReport> {
  const started = performance.now();
  migrateAndSeed(databaseUrl);
  const passwordHash = await hashPassword(PASSWORD);
  const runner = await openRunner(databaseUrl);
  const steps: LoadReport["steps"] = [];
  try {
    for (const step of populationSteps({ customers, passwordHash })) {
      const stepStarted = performance.now();
      await runner.exec(step.sql);
      const seconds = (performance.now() - stepStarted) / 1000;
      steps.push({ name: step.name, seconds });
      progress(`  ${step.name}: ${seconds.toFixed(1)} s`);
    }
  } finally {
    await runner.close();
  }
  return { customers, seconds: (performance.now() - started) / 1000, steps };
}
