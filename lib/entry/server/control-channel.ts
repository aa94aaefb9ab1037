/**
 * How `npm run cli` works beside a server on the embedded database, which only that server may
 * open (lib/platform/db/lock.ts): the server takes the commands and runs them itself. It listens on a Unix
 * domain socket beside the data directory (`.data/db.control/socket`) and writes a random token, new
 * at every start, beside it (`.data/db.control/token`); the directory is the service user's alone
 * (mode 0700, the files 0600), so reading the token is the proof of being that user. The command
 * line sends one line of JSON, `{token, command, args, options, cwd}`; the server checks the token
 * (in constant time) before reading anything else, runs that same command (lib/entry/cli/commands.ts)
 * and answers one line: what it printed and how it ended. Never TCP: nothing off this machine can
 * reach it.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { commandRequest, runCommand, type CommandOutcome, type CommandRequest } from "@/lib/entry/cli/commands";
import { besideDataDirectory } from "@/lib/platform/db/lock";
import { digestsEqual, randomToken, sha256 } from "@/lib/platform/secrets";
import { log as serverLog } from "@/lib/platform/runtime/log";

export type CommandReply = CommandOutcome & { printed: unknown[] };

export type ControlChannel = { close(): Promise<void> };

/** The server could not be asked, or stopped before it answered. */
export class ControlChannelError extends Error {}

const MAX_REQUEST_BYTES = 64 * 1024;
const REQUEST_TIMEOUT_MS = 10_000;
// sockaddr_un holds 108 bytes on Linux, 104 on macOS, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = 103;

function controlFiles(dataDir: string) {
  const directory = besideDataDirectory(dataDir, ".control");
  return { directory, socket: path.join(directory, "socket"), token: path.join(directory, "token") };
}

/** The socket's path as given to listen and connect: absolute, or from the working directory when that is too long. */
function socketAddress(socket: string): string {
  const address = [socket, path.relative(process.cwd(), socket)].find(
    (candidate) => Buffer.byteLength(candidate) <= MAX_SOCKET_PATH_BYTES,
  );
  if (!address)
    throw new ControlChannelError(
      `The path ${socket} is too long for a Unix socket: keep the embedded database in a directory with a shorter path.`,
    );
  return address;
}

/** In the server that holds `dataDir`'s lock: takes commands until closed; commands in flight finish first. */
export async function startControlChannel(
  dataDir: string,
  log: (line: string) => void = (line) => serverLog().info(line),
): Promise<ControlChannel> {
  const files = controlFiles(dataDir);
  fs.mkdirSync(files.directory, { recursive: true, mode: 0o700 });
  fs.chmodSync(files.directory, 0o700); // left by an earlier run, or made under a looser umask
  // Left by a server that died: this process holds the lock, so nobody else listens there.
  fs.rmSync(files.socket, { force: true });
  const token = randomToken(32);
  writePrivately(files.token, token);

  const server = net.createServer((connection) => serve(connection, token, log));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketAddress(files.socket), () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(files.socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        fs.rmSync(files.token, { force: true });
        server.close(() => resolve()); // removes the socket file
      }),
  };
}

/** Written whole under a name of its own, then renamed into place: a reader never sees half a token. */
function writePrivately(file: string, content: string): void {
  const draft = `${file}.${process.pid}.tmp`;
  fs.rmSync(draft, { force: true });
  fs.writeFileSync(draft, content, { flag: "wx", mode: 0o600 });
  fs.renameSync(draft, file);
}

/** One request per connection: a line of JSON in, a line of JSON out. */
function serve(connection: net.Socket, token: string, log: (line: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const reply = (answer: CommandReply) => connection.end(`${JSON.stringify(answer)}\n`);
  connection.setTimeout(REQUEST_TIMEOUT_MS, () => connection.destroy());
  connection.on("error", () => {}); // a command line that went away before the answer
  const onData = (chunk: Buffer) => {
    const end = chunk.indexOf(0x0a);
    chunks.push(end < 0 ? chunk : chunk.subarray(0, end));
    size += chunk.length;
    if (end < 0 && size <= MAX_REQUEST_BYTES) return;
    connection.off("data", onData);
    connection.setTimeout(0);
    if (end < 0) {
      reply(refused("the request is too large"));
      return;
    }
    void answer(Buffer.concat(chunks).toString("utf8"), token, log).then(reply);
  };
  connection.on("data", onData);
}

async function answer(line: string, token: string, log: (line: string) => void): Promise<CommandReply> {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return refused("the request is not JSON");
  }
  const { token: given, ...rest } = (message ?? {}) as { token?: unknown };
  if (typeof given !== "string" || !digestsEqual(sha256(given), sha256(token))) {
    log("Control channel: refused a command that did not carry this server's token.");
    return refused(`the token does not match this server's (${process.pid})`);
  }
  const parsed = commandRequest.safeParse(rest);
  if (!parsed.success)
    return {
      exitCode: 2,
      printed: [],
      error: "The server did not understand the command: run npm run cli from this same version of the code.",
    };

  const request = parsed.data;
  const printed: unknown[] = [];
  try {
    const outcome = await runCommand(request, (value) => printed.push(value));
    log(`Command line: ${request.command} (exit ${outcome.exitCode})`);
    return { ...outcome, printed };
  } catch (error) {
    serverLog().error({ err: error }, `Command line: ${request.command} failed`);
    const reason = error instanceof Error ? error.message : String(error);
    return {
      exitCode: 1,
      printed,
      error: `The command failed in the server (process ${process.pid}): ${reason}\nThe server's log has the details.`,
    };
  }
}

function refused(why: string): CommandReply {
  return { exitCode: 1, printed: [], error: `The server refused the command: ${why}.` };
}

/** From the command line: has the server that holds `dataDir` run `request`, and returns its reply. */
export async function sendCommand(dataDir: string, request: CommandRequest): Promise<CommandReply> {
  const files = controlFiles(dataDir);
  let token: string;
  try {
    token = fs.readFileSync(files.token, "utf8");
  } catch (error) {
    throw new ControlChannelError(`cannot read ${files.token} (${(error as NodeJS.ErrnoException).code})`);
  }
  const address = socketAddress(files.socket);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let sent = false;
    const connection = net.createConnection(address, () => {
      sent = true;
      connection.write(`${JSON.stringify({ token, ...request })}\n`);
    });
    connection.on("data", (chunk: Buffer) => received.push(chunk));
    connection.on("error", (error) =>
      reject(
        new ControlChannelError(
          sent
            ? `the connection failed before the answer (${error.message}): the command may or may not have run`
            : `cannot connect to ${files.socket} (${error.message})`,
        ),
      ),
    );
    connection.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(received).toString("utf8")) as CommandReply);
      } catch {
        reject(new ControlChannelError("the server stopped before it answered: the command may or may not have run"));
      }
    });
  });
}
