/** What the migration tests share: a migration's SQL, and an adapter's rows as objects by column name. */
import assert from "node:assert/strict";
import type { SqlQueryable } from "@prisma/driver-adapter-utils";
import type { readMigrations } from "@/lib/platform/db/migrations";

type MigrationDirectory = ReturnType<typeof readMigrations>["migrationDirectories"][number];

/** The SQL of `directory`'s migration.sql (which must read). */
export function migrationScript(directory: MigrationDirectory): string {
  assert.equal(directory.migrationFile.content.tag, "ok");
  return directory.migrationFile.content.value;
}

/** `sql`'s rows on `adapter`, each an object by column name. */
export async function queryRows(adapter: SqlQueryable, sql: string): Promise<Record<string, unknown>[]> {
  const result = await adapter.queryRaw({ sql, args: [], argTypes: [] });
  return result.rows.map((row) => Object.fromEntries(result.columnNames.map((name, i) => [name, row[i]])));
}
