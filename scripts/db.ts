/**
 * npm run db:migrate            apply pending migrations (DATABASE_URL, or DIRECT_DATABASE_URL, as the server)
 * npm run db:migration -- NAME  write prisma/migrations/<timestamp>_NAME from schema.prisma's changes
 * npm run db:seed               add missing reference data (never overwrites staff edits)
 */
import { closeDatabase, createAdapterFactory } from "@/lib/platform/db";
import { createMigration } from "@/lib/platform/db/migrations";
import { databaseTarget } from "@/lib/platform/db/target";
import { migrateDatabase } from "@/lib/entry/server/prepare-database";
import { seed } from "@/lib/domain/reference-data/seed-reference-data";

async function main([command, name]: string[]): Promise<void> {
  if (command === "migrate") {
    const { applied, where } = await migrateDatabase();
    console.log(applied.length ? `Applied to ${where}: ${applied.join(", ")}` : "No pending migrations.");
  } else if (command === "migration") {
    if (!name) throw new Error("Usage: npm run db:migration -- <name>, e.g. add_customer_phone");
    const shadow = createAdapterFactory(databaseTarget("pglite:memory"));
    try {
      const directory = await createMigration(shadow.factory, name);
      console.log(
        directory ? `Wrote ${directory}/migration.sql` : "schema.prisma matches the migrations: nothing to write.",
      );
    } finally {
      await shadow.close();
    }
  } else if (command === "seed") {
    await migrateDatabase();
    const added = await seed();
    console.log(
      `Added ${added.countries} countries, ${added.locales} locales, ${added.timezones} timezones, ${added.settings} settings rows.`,
    );
  } else {
    throw new Error("Usage: tsx scripts/db.ts migrate | migration <name> | seed");
  }
}

main(process.argv.slice(2))
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase().catch(() => {});
    process.exit(1);
  });
