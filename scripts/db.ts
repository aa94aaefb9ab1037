/**
 * npm run db:migrate            apply pending migrations (DATABASE_URL, or DIRECT_DATABASE_URL, as the server)
 * npm run db:migration -- NAME  write prisma/migrations/<timestamp>_NAME from schema.prisma's changes
 * npm run db:seed               add missing reference data (never overwrites staff edits)
 * npm run db:backup -- FILE     write a backup of the database to FILE, while the service runs
 * npm run db:restore -- FILE [--force]   restore FILE into the (empty) database DATABASE_URL names,
 *                                       then check its audit chain (exits 2 when it is broken), pause
 *                                       e-mails and webhooks, and say whether AUTH_SECRET is the source's
 * Backup and restore: lib/entry/cli/backup.ts; a refusal (a bad file, a non-empty target) exits 2.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase, createAdapterFactory } from "@/lib/platform/db";
import { createMigration } from "@/lib/platform/db/migrations";
import { databaseTarget } from "@/lib/platform/db/target";
import { migrateDatabase } from "@/lib/entry/server/prepare-database";
import { seed } from "@/lib/domain/reference-data/seed-reference-data";
import { backUpDatabase, restoreDatabase, restoreNotice } from "@/lib/entry/cli/backup";
import { CommandError } from "@/lib/entry/cli/command-error";
import { ControlChannelError, sendCommand } from "@/lib/entry/server/control-channel";
import { DatabaseInUseError } from "@/lib/platform/db/lock";

const printLine = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** On the embedded database while a server holds it, the server writes the backup (its control channel). */
async function backUp(file: string): Promise<void> {
  try {
    printLine(await backUpDatabase(file));
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    const request = { command: "database backup", args: [file], options: {}, cwd: process.cwd() };
    const reply = await sendCommand(error.dataDir, request).catch((failure: unknown) => {
      if (!(failure instanceof ControlChannelError)) throw failure;
      throw new CommandError(
        `Nothing was written: ${error.dataDir} is held by process ${error.holder.pid} (${error.holder.program}), which does not take commands (${failure.message}). Try again once it has finished.`,
      );
    });
    console.error(`Written by the server that holds ${error.dataDir} (process ${error.holder.pid})`);
    reply.printed.forEach(printLine);
    // The same exit status as when this process writes the backup itself.
    if (reply.exitCode === 2) throw new CommandError(reply.error);
    if (reply.exitCode !== 0) throw new Error(reply.error);
  }
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean" } },
  });
  const [command, name] = positionals;
  if ((command === "backup" || command === "restore") && (!name || positionals.length > 2)) {
    throw new CommandError(`Usage: npm run db:${command} -- <file>${command === "restore" ? " [--force]" : ""}`);
  }
  if (command === "backup") {
    await backUp(path.resolve(name));
  } else if (command === "restore") {
    try {
      const summary = await restoreDatabase(path.resolve(name), { force: values.force ?? false });
      printLine(summary);
      console.error(restoreNotice(summary));
      const chain = summary.audit_chain;
      if ("broken_at" in chain && chain.broken_at)
        throw new CommandError(`Restored, but the audit chain is broken at ${chain.broken_at.message}.`);
    } catch (error) {
      // A server has the embedded database open: a restore under it would be lost.
      if (error instanceof DatabaseInUseError) throw new CommandError(`Nothing was restored. ${error.message}`);
      throw error;
    }
  } else if (command === "migrate") {
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
    throw new Error(
      "Usage: tsx scripts/db.ts migrate | migration <name> | seed | backup <file> | restore <file> [--force]",
    );
  }
}

main(process.argv.slice(2))
  .then(() => closeDatabase())
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase().catch(() => {});
    process.exit(error instanceof CommandError ? 2 : 1);
  });
