/**
 * Where a test file's database lives: in memory (PGlite) by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, in a database of its own made on that server and dropped afterwards,
 * so test files never see each other's rows. The bench passes the server to use.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type TestDatabase = { url: string; drop(): Promise<void> };

export async function createTestDatabase(base = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!base) return { url: "pglite:memory", drop: async () => {} };
  const name = `remit_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
