import { database } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrations";
import { needsSeed, seed } from "@/lib/seed";

/** Applies pending migrations, then seeds reference data if the database has none. */
export async function prepareDatabase(log: (line: string) => void = () => {}): Promise<void> {
  const { adapterFactory, target } = database();
  log(`Database: ${target.description}`);
  const applied = await applyMigrations(adapterFactory);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}`);
  if (await needsSeed()) {
    const added = await seed();
    log(`Seeded reference data: ${added.countries} countries, ${added.locales} locales, ${added.timezones} timezones`);
  }
}
