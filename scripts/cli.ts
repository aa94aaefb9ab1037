/**
 * The operators' command line: `npm run -s cli -- <group> <command> [options]`. Uses DATABASE_URL like
 * the server. On the embedded database, which one process at a time may open, a server holding it
 * runs the command instead (lib/entry/server/control-channel.ts): the output and exit status are the same.
 * Prints JSON (one object per line) so scripts can read it.
 */
import { parseArgs } from "node:util";
import { ConfigError } from "@/lib/platform/config";
import { closeDatabase } from "@/lib/platform/db";
import { DatabaseInUseError } from "@/lib/platform/db/lock";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { ControlChannelError, sendCommand } from "@/lib/entry/server/control-channel";
import { commands, runCommand, usage, type CommandOutcome, type CommandRequest } from "@/lib/entry/cli/commands";

const printLine = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

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
      to: { type: "string" },
      "dry-run": { type: "boolean" },
      full: { type: "boolean" },
      format: { type: "string" },
      list: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [group, command, ...args] = positionals;
  const { help, ...options } = values;
  if (help || !commands[`${group} ${command}`]) {
    process.stdout.write(usage);
    return help ? 0 : 2;
  }
  const request: CommandRequest = { command: `${group} ${command}`, args, options, cwd: process.cwd() };
  try {
    await prepareDatabase((line) => process.stderr.write(`${line}\n`));
  } catch (error) {
    if (error instanceof DatabaseInUseError) return finish(await runInServer(error, request));
    throw error;
  }
  return finish(await runCommand(request, printLine));
}

/** The embedded database is held by another process: a running server runs the command for us. */
async function runInServer(inUse: DatabaseInUseError, request: CommandRequest): Promise<CommandOutcome> {
  const { dataDir, holder } = inUse;
  try {
    const reply = await sendCommand(dataDir, request);
    process.stderr.write(`Run by the server that holds ${dataDir} (process ${holder.pid})\n`);
    reply.printed.forEach(printLine);
    return reply;
  } catch (error) {
    if (!(error instanceof ControlChannelError)) throw error;
    return {
      exitCode: 1,
      error:
        `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.program}), which does not take commands: ${error.message}.\n` +
        'Nothing was done. If it is a server that is still starting, try again once it prints "Ready on"; otherwise try again once it has finished.',
    };
  }
}

function finish({ exitCode, error }: CommandOutcome): number {
  if (error) process.stderr.write(`${error}\n`);
  return exitCode;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error) => {
    const known =
      error instanceof ConfigError ||
      error?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ||
      error?.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE";
    process.stderr.write(`${known ? error.message : (error?.stack ?? error)}\n`);
    await closeDatabase().catch(() => {});
    process.exit(known ? 2 : 1);
  });
