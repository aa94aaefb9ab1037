/**
 * The operators' commands, run by `npm run cli` itself or, on the embedded database while a server
 * holds it, by that server for it (lib/entry/server/control-channel.ts): both through `runCommand`, so a
 * command prints and fails the same either way.
 */
import { z } from "zod";
import fs from "node:fs";
import path from "node:path";
import { importCustomers } from "@/lib/domain/customer-accounts/import-customers";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { revokeApiClient } from "@/lib/domain/api-clients/revoke-api-client";
import { originSchema } from "@/lib/domain/api-clients/api-client-schemas";
import { NO_ORIGIN } from "@/lib/domain/api-clients/origin-rule";
import { DomainError } from "@/lib/platform/errors/domain-error";
import { parseInput } from "@/lib/platform/validation/parse-input";
import { COMMAND_LINE } from "@/lib/domain/audit/record-audit";
import { createStaff } from "@/lib/domain/staff/create-staff";
import { listStaff } from "@/lib/domain/staff/list-staff";
import { newStaffInput } from "@/lib/domain/staff/staff-schemas";
import { listLatestOutbox } from "@/lib/domain/email/list-outbox";
import { openOutboxEmail } from "@/lib/domain/email/open-outbox-email";
import { fields } from "@/lib/platform/validation/fields";
import { planRetention } from "@/lib/domain/retention/plan-retention";
import { runRetention } from "@/lib/domain/retention/run-retention";
import { checkpointAuditChain } from "@/lib/domain/audit/checkpoint-audit-chain";
import { readDispatch } from "@/lib/domain/dispatch/read-dispatch";
import { resumeDispatch } from "@/lib/domain/dispatch/resume-dispatch";
import { importScreeningList } from "@/lib/domain/screening/import-screening-list";
import { screeningImportInput } from "@/lib/domain/screening/screening-import-input";
import { config } from "@/lib/platform/config";
import { rotateSigningKey } from "@/lib/domain/signing-keys/rotate-signing-key";
import { backUpDatabase } from "./backup";
import { CommandError } from "./command-error";

/** A command as the command line parsed it, and the directory it was run in (files are named relative to it). */
export const commandRequest = z
  .object({
    command: z.string().max(100),
    args: z.array(z.string().max(4096)).max(16),
    options: z
      .object({
        name: z.string().max(1000).optional(),
        origin: z.array(z.string().max(2048)).max(100).optional(),
        email: z.string().max(1000).optional(),
        role: z.string().max(100).optional(),
        password: z.string().max(1000).optional(),
        to: z.string().max(1000).optional(),
        "dry-run": z.boolean().optional(),
        full: z.boolean().optional(),
        format: z.string().max(100).optional(),
        list: z.string().max(1000).optional(),
      })
      .strict(),
    cwd: z.string().max(4096),
  })
  .strict();

export type CommandRequest = z.infer<typeof commandRequest>;

/** How a command ended: the exit status, and the message for the operator when it failed. */
export type CommandOutcome = { exitCode: number; error?: string };

export type CommandContext = Omit<CommandRequest, "command"> & { print(value: unknown): void };

const OUTBOX_LIST_LENGTH = 20;

export const usage = `Usage: npm run -s cli -- <command> [options]

  clients create --name <name> --origin <https://app.example.com> [--origin …]
      Creates an API client and prints it with its secret (shown this once only).
  clients list
      Prints every API client (never a secret).
  clients revoke <client_id>
      Revokes a client: its credentials stop working within a second on every instance.
  customers import <file.csv>
      Imports customers from the previous system. Columns (header row required):
      email, password_hash (bcrypt), created_at (ISO 8601), email_verified (true/false).
      All or nothing: any bad row is reported by line and nothing is imported.
  staff create --email <e-mail> --role admin|operations|compliance [--name <name>] [--password <password>]
      Creates a back-office account and prints it; without --password, also prints a generated
      password (shown this once only). Staff sign in at /admin.
  staff list
      Prints every staff account (never a password).
  outbox list [--to <e-mail>]
      Prints the ${OUTBOX_LIST_LENGTH} newest e-mails (to that address only, with --to), newest first: id, time,
      template, address, status.
  outbox show <id>
      Prints a waiting e-mail with its plain text, its single-use link live in it and on its own
      (link; null for a notice): to finish a verification, a reset or an e-mail change by hand when
      no e-mail provider is configured.
      For the person who runs the service only: the back office never shows a live link.
  database backup <file>
      Writes a backup of the database to <file>, as npm run db:backup does (docs/operations.md).
  retention run [--dry-run]
      Pseudonymises the closed accounts past RETENTION_YEARS (no legal hold) and strips old events
      of their address, browser and device, as the daily run does; prints the run with its counts.
      With --dry-run: prints each account it would pseudonymise, then the counts, and writes nothing.
  dispatch status
      Prints whether e-mails and webhooks are being sent, or are paused (a restore pauses them) and why.
  dispatch resume
      Sends again what waits, and all that follows: after a restore, once this copy is the one that
      should act (the source is stopped, AUTH_SECRET is the source's). Audited.
  audit verify [--full]
      Recomputes the audit log's hash chain from the last signed checkpoint (with --full, from the
      first entry) and checks the head is not behind that checkpoint. Valid: signs a checkpoint of
      the head and prints the number of entries, the head, the range checked and the checkpoint;
      broken: exits 2 naming the first problem (docs/security.md).
  screening import <path> --format ofac-sdn-csv|un-xml|opensanctions-ftm [--list <name>]
      Imports a sanctions or PEP list as its publisher ships it (ofac-sdn-csv: a folder with SDN.CSV,
      ALT.CSV and optionally ADD.CSV; the others: one file) as the list's next version, and prints
      the entries added, changed and removed. A file that does not parse is refused, naming the line
      or element at fault, and the version in force stays (docs/compliance.md).
  signing-keys rotate
      Makes a new current signing key for payment approvals and audit checkpoints and retires the
      others; a retired key stays in /.well-known/jwks.json until every approval it signed has expired.
`;

/** Validation failures of the shared domain code, as a message for the operator. */
async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === "unavailable") throw error;
    throw new CommandError(
      error.details.fieldErrors?.map((problem) => `--${problem.param}: ${problem.message}`).join("\n") ?? error.message,
    );
  }
}

/** The same rule as the back office's: at least one allowed origin, each a valid one (named if not). */
function parseOrigins(origins: string[] = []): string[] {
  if (origins.length === 0) throw new CommandError(`clients create needs --origin <origin>. ${NO_ORIGIN}.`);
  return origins.map((origin) => {
    const parsed = originSchema.safeParse(origin);
    if (!parsed.success) throw new CommandError(`--origin: ${parsed.error.issues[0].message}`);
    return parsed.data;
  });
}

export const commands: Record<string, (context: CommandContext) => Promise<void>> = {
  async "staff create"({ options, print }) {
    const { email, name, role, password } = options;
    const { staff, generatedPassword } = await explained(() =>
      createStaff(parseInput(newStaffInput, { email, name, role, password }), COMMAND_LINE),
    );
    print({ ...staff, ...(generatedPassword ? { password: generatedPassword } : {}) });
  },

  async "staff list"({ print }) {
    for (const staff of (await listStaff()).rows) print(staff);
  },

  async "clients create"({ options, print }) {
    const name = z.string().trim().min(1).max(100).safeParse(options.name);
    if (!name.success) throw new CommandError("clients create needs --name <name> (1–100 characters)");
    print(await createApiClient({ name: name.data, allowed_origins: parseOrigins(options.origin) }));
  },

  async "clients list"({ print }) {
    for (const client of (await listApiClients()).rows) print(client);
  },

  async "clients revoke"({ args, print }) {
    const [clientId] = args;
    if (!clientId) throw new CommandError("clients revoke needs the client_id, e.g. clients revoke cli_…");
    print(await explained(() => revokeApiClient({ clientId })));
  },

  async "outbox list"({ options, print }) {
    const { to } = await explained(async () =>
      parseInput(z.object({ to: fields.email("The address").optional() }), { to: options.to }),
    );
    for (const email of await listLatestOutbox({ to, take: OUTBOX_LIST_LENGTH })) {
      const { id, created_at, template, to_address, status } = email;
      print({ id, created_at, template, to_address, status });
    }
  },

  async "outbox show"({ args, print }) {
    const [id] = args;
    if (args.length !== 1 || !z.uuid().safeParse(id).success) {
      throw new CommandError("outbox show needs the id of an e-mail, as outbox list prints it: outbox show <id>");
    }
    const { created_at, template, to_address, status, subject, text, link } = await explained(() =>
      openOutboxEmail(id),
    );
    print({ id, created_at, template, to_address, status, subject, text, link });
  },

  async "database backup"({ args, cwd, print }) {
    if (args.length !== 1) throw new CommandError("database backup needs a file: database backup <file>");
    print(await backUpDatabase(path.resolve(cwd, args[0])));
  },

  async "retention run"({ args, options, print }) {
    const { "dry-run": dryRun, ...others } = options;
    const unexpected = [...args, ...Object.keys(others).map((name) => `--${name}`)];
    if (unexpected.length > 0) {
      // JSON: a control character comes back escaped, never as itself on the operator's terminal.
      throw new CommandError(`retention run takes only --dry-run, not ${JSON.stringify(unexpected).slice(0, 200)}`);
    }
    if (dryRun) {
      const { cutoff, accounts, counts } = await planRetention();
      for (const account of accounts) print(account);
      print({ dry_run: true, cutoff: cutoff.toISOString(), ...counts });
      return;
    }
    const run = await runRetention("command_line");
    print(run);
    if (run?.error) throw new CommandError(`The retention run failed, after what it printed: ${run.error}`);
  },

  async "dispatch status"({ print }) {
    print(await readDispatch());
  },

  async "dispatch resume"({ print }) {
    print(await resumeDispatch(COMMAND_LINE));
  },

  async "audit verify"({ args, options, print }) {
    const { full, ...others } = options;
    const unexpected = [...args, ...Object.keys(others).map((name) => `--${name}`)];
    if (unexpected.length > 0) {
      throw new CommandError(`audit verify takes only --full, not ${JSON.stringify(unexpected).slice(0, 200)}`);
    }
    const state = await checkpointAuditChain("verify", { full });
    print(state);
    if (state.broken_at) throw new CommandError(`The audit chain is broken at ${state.broken_at.message}.`);
  },

  async "screening import"({ args, options, cwd, print }) {
    const { format, list, ...others } = options;
    const unexpected = [...args.slice(1), ...Object.keys(others).map((name) => `--${name}`)];
    if (args.length === 0 || unexpected.length > 0) {
      throw new CommandError(
        `screening import takes a path, --format and --list only: screening import <path> --format <format> [--list <name>]${unexpected.length ? `, not ${JSON.stringify(unexpected).slice(0, 200)}` : ""}`,
      );
    }
    const files = readListFiles(path.resolve(cwd, args[0]), args[0]);
    const input = await explained(async () => parseInput(screeningImportInput, { format, list, files }));
    print(await explained(() => importScreeningList(input, COMMAND_LINE, "cli")));
  },
  async "signing-keys rotate"({ args, options, print }) {
    const unexpected = [...args, ...Object.keys(options).map((name) => `--${name}`)];
    if (unexpected.length > 0) {
      throw new CommandError(`signing-keys rotate takes nothing, not ${JSON.stringify(unexpected).slice(0, 200)}`);
    }
    print(await rotateSigningKey());
  },

  async "customers import"({ args, cwd, print }) {
    if (!args[0]) throw new CommandError("customers import needs a CSV file: customers import customers.csv");
    const file = path.resolve(cwd, args[0]);
    if (!fs.existsSync(file)) throw new CommandError(`No such file: ${args[0]}`);
    const result = await importCustomers(fs.readFileSync(file, "utf8"));
    print(result);
    if ("problems" in result) {
      throw new CommandError(`Nothing imported: ${result.problems.length} bad row(s), listed above.`);
    }
  },
};

/** A list's files by name: every file of a folder (OFAC's), or the one file; refused past SCREENING_IMPORT_MAX_BYTES. */
function readListFiles(location: string, named: string): Record<string, string> {
  const stat = fs.statSync(location, { throwIfNoEntry: false });
  if (!stat) throw new CommandError(`No such file or folder: ${JSON.stringify(named).slice(0, 300)}`);
  const paths = stat.isDirectory()
    ? fs
        .readdirSync(location, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(location, entry.name))
    : [location];
  const size = paths.reduce((total, file) => total + fs.statSync(file).size, 0);
  const max = config().SCREENING_IMPORT_MAX_BYTES;
  if (size > max)
    throw new CommandError(`Nothing imported: ${size} bytes, more than SCREENING_IMPORT_MAX_BYTES (${max})`);
  return Object.fromEntries(paths.map((file) => [path.basename(file), fs.readFileSync(file, "utf8")]));
}

/**
 * Runs `request.command`, printing through `print`. A failure the operator can act on comes back
 * as exit status 2 with its message; anything else is thrown.
 */
export async function runCommand(request: CommandRequest, print: (value: unknown) => void): Promise<CommandOutcome> {
  const { command, ...context } = request;
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) return { exitCode: 2, error: `Unknown command "${command}". Run npm run -s cli -- --help for the list.` };
  try {
    await run({ ...context, print });
    return { exitCode: 0 };
  } catch (error) {
    if (error instanceof CommandError) return { exitCode: 2, error: error.message };
    throw error;
  }
}
