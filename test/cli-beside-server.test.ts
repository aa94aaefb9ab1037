import assert from "node:assert/strict";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { jsonLines, runCli } from "./support/cli";
import { raceForLock } from "./support/lock-race";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { copyEmbeddedTemplate } from "@/tooling/throwaway-database";
import { signIn } from "./support/staff";

// `npm run cli` while `npm start` holds the embedded database: the server runs the commands, over
// its control channel. Whatever database the rest of the suite runs on, this is the embedded one's.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-cli-server-"));
const dataDir = path.join(directory, "db");
copyEmbeddedTemplate(dataDir);
const env = { DATABASE_URL: `pglite:${dataDir}` };
let server: ServerProcess;

before(async () => {
  server = await startServerProcess(env);
});
after(async () => {
  await server?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(env, ...args);

type Client = { client_id: string; client_secret: string; name: string };
const settingsStatus = async (client: Client) =>
  (
    await server.fetch("/client/v1/settings", {
      headers: { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret },
    })
  ).status;

/** One raw request on the control channel's socket, as anyone on this machine could send it. */
function askChannel(request: string): Promise<{ exitCode: number; printed: unknown[]; error?: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.createConnection(path.join(directory, "db.control", "socket"), () =>
      connection.write(request),
    );
    connection.on("data", (chunk: Buffer) => chunks.push(chunk));
    // An oversized request is answered before it has all been sent: the rest of it may fail to go.
    connection.on("error", () => {});
    connection.on("close", () =>
      chunks.length
        ? resolve(JSON.parse(Buffer.concat(chunks).toString()))
        : reject(new Error("closed without an answer")),
    );
  });
}

// Made beside the server, checked again after its restart.
let survivor: Client;
let admin: { email: string; password: string };

test("clients create beside the running server prints credentials it accepts at once; revoke stops them at once", async () => {
  const created = await cli("clients", "create", "--name", "Beside the server", "--origin", "https://app.example.com");
  assert.equal(created.code, 0, created.stderr);
  const [client] = jsonLines(created.stdout) as Client[];
  assert.equal(await settingsStatus(client), 200, "the server knows the client the CLI made");
  assert.match(created.stderr, new RegExp(`Run by the server that holds .* \\(process ${server.pid}\\)`));

  const revoked = await cli("clients", "revoke", client.client_id);
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.equal(jsonLines(revoked.stdout)[0].active, false);
  assert.equal(await settingsStatus(client), 401);

  const unknown = await cli("clients", "revoke", "cli_nope");
  assert.equal(unknown.code, 2, "a mistake exits 2, as when the CLI runs the command itself");
  assert.match(unknown.stderr, /No API client with client_id cli_nope/);
  assert.equal(unknown.stdout, "");
});

test("staff create beside the running server: the new admin signs in at once", async () => {
  const created = await cli("staff", "create", "--email", "beside@example.com", "--role", "admin");
  assert.equal(created.code, 0, created.stderr);
  const [staff] = jsonLines(created.stdout);
  admin = { email: staff.email, password: staff.password };
  assert.equal((await signIn({ url: server.url }, admin.email, admin.password)).status, 200);
});

test("signing-keys rotate beside the running server: the server publishes the new key at once", async () => {
  const kidsNow = async () =>
    ((await (await server.fetch("/.well-known/jwks.json")).json()).keys as { kid: string }[]).map((key) => key.kid);
  const rotated = await cli("signing-keys", "rotate");
  assert.equal(rotated.code, 0, rotated.stderr);
  const [{ kid }] = jsonLines(rotated.stdout);
  assert.deepEqual(await kidsNow(), [kid]);
  const again = await cli("signing-keys", "rotate");
  const [{ kid: next, retired }] = jsonLines(again.stdout);
  assert.deepEqual(retired, [kid]);
  // No approval was signed with the first: it leaves the set with its retirement.
  assert.deepEqual(await kidsNow(), [next]);
});

test("commands sent at once are each run and answered with their own output", async () => {
  const names = ["One", "Two", "Three", "Four"];
  const results = await Promise.all(
    names.map((name) => cli("clients", "create", "--name", name, "--origin", "https://app.example.com")),
  );
  const clients = results.map((result) => {
    assert.equal(result.code, 0, result.stderr);
    return jsonLines(result.stdout)[0] as Client;
  });
  assert.deepEqual(
    clients.map((client) => client.name),
    names,
  );
  for (const client of clients) assert.equal(await settingsStatus(client), 200);
  survivor = clients[0];
});

test("the control channel is its user's alone and runs nothing without its token", async () => {
  const mode = (file: string) => fs.statSync(path.join(directory, file)).mode & 0o777;
  assert.equal(mode("db.control"), 0o700);
  assert.equal(mode("db.control/socket"), 0o600);
  assert.equal(mode("db.control/token"), 0o600);
  const token = fs.readFileSync(path.join(directory, "db.control", "token"), "utf8");
  const command = { command: "clients create", args: [], options: { name: "Intruder" }, cwd: "/" };

  for (const request of [
    { ...command, token: "sec_not-the-token" },
    { ...command, token: token.slice(0, -1) },
    command,
    { ...command, token: [token] },
  ]) {
    const answer = await askChannel(`${JSON.stringify(request)}\n`);
    assert.equal(answer.exitCode, 1);
    assert.match(answer.error ?? "", /refused the command: the token does not match/);
  }
  assert.match((await askChannel("{not json\n")).error ?? "", /refused the command: the request is not JSON/);
  assert.match((await askChannel("x".repeat(100_000))).error ?? "", /refused the command: the request is too large/);
  const unknownOption = await askChannel(
    `${JSON.stringify({ ...command, token, options: { name: "Intruder", admin: true } })}\n`,
  );
  assert.equal(unknownOption.exitCode, 2);
  assert.match(unknownOption.error ?? "", /did not understand/);

  const listed = await cli("clients", "list");
  assert.equal(listed.code, 0, listed.stderr);
  assert.ok(!jsonLines(listed.stdout).some((client) => client.name === "Intruder"), "nothing was created");
});

test("what the CLI made beside the server is there after a restart, and the CLI works beside the new server", async () => {
  await server.stop();
  server = await startServerProcess(env);
  assert.equal(await settingsStatus(survivor), 200);
  assert.equal((await signIn({ url: server.url }, admin.email, admin.password)).status, 200);
  const listed = await cli("clients", "list");
  assert.equal(listed.code, 0, listed.stderr);
  assert.equal(jsonLines(listed.stdout).length, 5);
});

test("a CLI finding the database held by a process that takes no commands refuses, naming it, and does nothing", async () => {
  const busyDir = path.join(directory, "busy");
  const race = await raceForLock(busyDir, 1);
  const [holder] = race.contenders;
  try {
    const refused = await runCli(
      { DATABASE_URL: `pglite:${busyDir}` },
      "clients",
      "create",
      "--name",
      "Lost",
      "--origin",
      "https://app.example.com",
    );
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, "");
    assert.match(refused.stderr, new RegExp(`in use by process ${holder.pid} .*which does not take commands`));
    assert.match(refused.stderr, /Nothing was done/);
  } finally {
    await race.release();
  }
  const listed = await runCli({ DATABASE_URL: `pglite:${busyDir}` }, "clients", "list");
  assert.equal(listed.code, 0, listed.stderr);
  assert.equal(listed.stdout, "", "no client was made");
});
