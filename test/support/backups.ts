import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { copyEmbeddedTemplate, createPreparedTestDatabase, createTestDatabase } from "@/tooling/throwaway-database";
import { runScript } from "./cli";

/**
 * For the backup tests: databases of this pass's kind (the embedded one in a directory, or
 * PostgreSQL when TEST_DATABASE_URL names a server), read straight, and `npm run db:…` run on them.
 */
export const backupKind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** A database of this pass's kind, not made yet on the embedded one: where it is, and how to drop it. */
export type Place = { url: string; drop(): Promise<void> };

/** `name`: the embedded database's directory, in `directory`. */
export async function newPlace(directory: string, name: string): Promise<Place> {
  if (backupKind === "pglite") {
    const dataDir = path.join(directory, name);
    return { url: `pglite:${dataDir}`, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  return createTestDatabase();
}

/** As newPlace, but migrated and seeded already (a copy of the tests' template): a backup's source. */
export async function preparedPlace(directory: string, name: string): Promise<Place> {
  if (backupKind === "pglite") {
    const place = await newPlace(directory, name);
    copyEmbeddedTemplate(place.url.slice("pglite:".length));
    return place;
  }
  return createPreparedTestDatabase();
}

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Runs `work` with a query function on `place`'s database, opened straight (no server may hold an embedded one). */
export async function withDatabase<T>(place: Place, work: (query: Query) => Promise<T>): Promise<T> {
  if (backupKind === "pglite") {
    // With the extension the service loads (lib/platform/db/pglite-worker-thread.ts): its indexes take writes.
    const pglite = await PGlite.create({ dataDir: place.url.slice("pglite:".length), extensions: { pg_trgm } });
    try {
      return await work(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows);
    } finally {
      await pglite.close();
    }
  }
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  try {
    return await work(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** `npm run db:… -- args` on `place`'s database, in a process of its own; never throws. */
export const dbOn = (place: Place, ...args: string[]) =>
  runScript("scripts/db.ts", { DATABASE_URL: place.url }, ...args);
