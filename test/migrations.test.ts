import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { createAdapterFactory } from "@/lib/db";
import { applyMigrations, createMigration, MIGRATIONS_DIR, readMigrations } from "@/lib/db/migrations";
import { databaseTarget } from "@/lib/db/target";

test("migrations are in Prisma's format", () => {
  const list = readMigrations();
  assert.match(list.lockfile.content ?? "", /provider = "postgresql"/);
  assert.ok(list.migrationDirectories.length >= 1);
  for (const directory of list.migrationDirectories) {
    assert.match(directory.path, /^\d{14}_[a-z0-9_]+$/);
    assert.equal(directory.migrationFile.content.tag, "ok");
  }
});

test("applying is idempotent", async () => {
  const database = createAdapterFactory(databaseTarget("pglite:memory"));
  try {
    const first = await applyMigrations(database.factory);
    assert.deepEqual(first, readMigrations().migrationDirectories.map((d) => d.path));
    assert.deepEqual(await applyMigrations(database.factory), []);
  } finally {
    await database.close();
  }
});

test("schema.prisma and the migrations agree: a new migration would be empty", async () => {
  const shadow = createAdapterFactory(databaseTarget("pglite:memory"));
  const before = fs.readdirSync(MIGRATIONS_DIR);
  try {
    assert.equal(await createMigration(shadow.factory, "should_be_empty"), undefined);
    assert.deepEqual(fs.readdirSync(MIGRATIONS_DIR), before);
  } finally {
    await shadow.close();
  }
});
