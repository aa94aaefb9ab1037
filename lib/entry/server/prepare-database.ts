/** What `npm start` and `npm run cli` do to a database before using it: migrate it, seed it when empty. */
import { createAdapterFactory, database } from "@/lib/platform/db";
import { applyMigrations } from "@/lib/platform/db/migrations";
import { databaseTarget } from "@/lib/platform/db/target";
import { config } from "@/lib/platform/config";
import { needsSeed, seed } from "@/lib/domain/reference-data/seed-reference-data";

/** Applies pending migrations, then seeds reference data if the database has none; says whether it did either. */
export async function prepareDatabase(log: (line: string) => void = () => {}): Promise<{ changed: boolean }> {
  log(`Database: ${database().target.description}`);
  const { applied, where } = await migrateDatabase();
  if (applied.length > 0) log(`Applied migrations to ${where}: ${applied.join(", ")}`);
  if (!(await needsSeed())) return { changed: applied.length > 0 };
  const added = await seed();
  log(`Seeded reference data: ${added.countries} countries, ${added.locales} locales, ${added.timezones} timezones`);
  return { changed: true };
}

/**
 * Applies pending migrations; returns their names and where they went. Over DIRECT_DATABASE_URL when
 * it is set: Prisma's migration lock is a session-level advisory lock, which a pooler in transaction
 * mode leaves on whichever server connection ran it, so instances starting together would migrate at once.
 */
export async function migrateDatabase(): Promise<{ applied: string[]; where: string }> {
  const { DIRECT_DATABASE_URL } = config();
  if (!DIRECT_DATABASE_URL) {
    const { adapterFactory, target } = database();
    return { applied: await applyMigrations(adapterFactory), where: target.description };
  }
  const target = databaseTarget(DIRECT_DATABASE_URL);
  const direct = createAdapterFactory(target);
  try {
    return { applied: await applyMigrations(direct.factory), where: `${target.description} (DIRECT_DATABASE_URL)` };
  } finally {
    await direct.close();
  }
}
