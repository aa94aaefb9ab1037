/**
 * The operators' command line: `npm run cli -- <group> <command> [options]`. Uses DATABASE_URL like
 * the server (so on the embedded database, stop the server first: PGlite is single-process).
 * Prints JSON (one object per line) so scripts can read it.
 */
import { parseArgs } from "node:util";
import { ConfigError } from "@/lib/config";
import { closeDatabase } from "@/lib/db";
import { prepareDatabase } from "@/lib/server/prepare-database";
import { commands, CommandError, usage } from "@/lib/cli/commands";

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: "string" },
      origin: { type: "string", multiple: true },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [group, command, ...rest] = positionals;
  const run = commands[`${group} ${command}`];
  if (values.help || !run) {
    process.stdout.write(usage);
    return values.help ? 0 : 2;
  }
  await prepareDatabase((line) => process.stderr.write(`${line}\n`));
  await run({ args: rest, options: values, print: (value) => process.stdout.write(`${JSON.stringify(value)}\n`) });
  return 0;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error) => {
    const known = error instanceof CommandError || error instanceof ConfigError || error?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION";
    process.stderr.write(`${known ? error.message : error?.stack ?? error}\n`);
    await closeDatabase().catch(() => {});
    process.exit(known ? 2 : 1);
  });
