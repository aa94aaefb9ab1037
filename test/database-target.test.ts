/** Which database DATABASE_URL names (lib/platform/db/target.ts), and the driver adapter made for it (lib/platform/db). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { databaseTarget } from "@/lib/platform/db/target";
import { createAdapterFactory } from "@/lib/platform/db";

test("DATABASE_URL picks the adapter", async () => {
  assert.equal(databaseTarget(undefined).kind, "pglite");
  assert.match((databaseTarget(undefined) as { dataDir: string }).dataDir, /\.data\/db$/);
  assert.deepEqual(databaseTarget("pglite:memory"), {
    kind: "pglite",
    dataDir: undefined,
    description: "embedded PostgreSQL (PGlite) in memory",
  });
  assert.match((databaseTarget("pglite:/tmp/x") as { dataDir: string }).dataDir, /^\/tmp\/x$/);
  const postgres = databaseTarget("postgresql://user:secret@db.example:5432/app");
  assert.equal(postgres.kind, "postgres");
  assert.ok(!postgres.description.includes("secret"), "the password is not in the description that gets logged");
  assert.equal(databaseTarget("postgres://localhost/app").kind, "postgres");
  assert.throws(() => databaseTarget("mysql://localhost/app"), /DATABASE_URL must be/);

  const pglite = createAdapterFactory(databaseTarget("pglite:memory"));
  const pg = createAdapterFactory(databaseTarget("postgresql://localhost:1/unused"));
  assert.equal(pglite.factory.adapterName, "pglite-prisma-adapter");
  assert.equal(pg.factory.adapterName, "@prisma/adapter-pg");
  await pglite.close();
});
