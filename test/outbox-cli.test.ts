/**
 * `npm run -s cli -- outbox list|show` beside a running `npm start` server, with no e-mail provider:
 * the person who runs the service finishes a verification, a password reset and an e-mail change
 * with the live links the CLI prints. On the embedded database (the default) the server runs the
 * commands over its control channel; with TEST_DATABASE_URL the server and the CLI share a
 * PostgreSQL database of their own.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { copyEmbeddedTemplate, createPreparedTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { startServerProcess, type ServerProcess } from "@/tooling/server-process";
import { jsonLines, runCli } from "./support/cli";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-outbox-cli-"));
let database: TestDatabase | undefined;
let env: Record<string, string>;
let server: ServerProcess;
let clientHeaders: Record<string, string>;

before(async () => {
  if (process.env.TEST_DATABASE_URL) {
    database = await createPreparedTestDatabase();
    // Production on PostgreSQL needs one; the CLI opens the tokens the server sealed with it.
    env = { DATABASE_URL: database.url, AUTH_SECRET: "outbox-cli-test-auth-secret-0123456789" };
  } else {
    copyEmbeddedTemplate(path.join(directory, "db"));
    env = { DATABASE_URL: `pglite:${path.join(directory, "db")}` };
  }
  server = await startServerProcess(env);
  const created = await cli("clients", "create", "--name", "Outbox CLI", "--origin", "https://app.example.com");
  assert.equal(created.code, 0, created.stderr);
  const [client] = jsonLines(created.stdout);
  clientHeaders = { "X-Client-ID": client.client_id, "X-Client-Secret": client.client_secret };
});
after(async () => {
  await server?.stop();
  await database?.drop();
  fs.rmSync(directory, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(env, ...args);

const post = (pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  server.fetch(pathname, {
    method: "POST",
    headers: { ...clientHeaders, ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

type Listed = { id: string; created_at: string; template: string; to_address: string; status: string };

/** `outbox list --to`, checked: one e-mail a line, newest first. */
async function listFor(address: string): Promise<Listed[]> {
  const listed = await cli("outbox", "list", "--to", address);
  assert.equal(listed.code, 0, listed.stderr);
  const emails = jsonLines(listed.stdout) as Listed[];
  for (const email of emails) {
    assert.deepEqual(Object.keys(email).sort(), ["created_at", "id", "status", "template", "to_address"]);
    assert.equal(email.to_address, address);
  }
  return emails;
}

/** The token of the link in the newest `template` e-mail to `address`, read with `outbox show`. */
async function tokenFromCli(address: string, template: string, linkPrefix: string): Promise<string> {
  const newest = (await listFor(address)).find((email) => email.template === template);
  assert.ok(newest, `a ${template} e-mail to ${address}`);
  assert.equal(newest.status, "pending");
  const shown = await cli("outbox", "show", newest.id);
  assert.equal(shown.code, 0, shown.stderr);
  const [email] = jsonLines(shown.stdout);
  assert.equal(email.id, newest.id);
  assert.equal(email.to_address, address);
  assert.doesNotMatch(email.text, /single-use-token-hidden/, "the link is live");
  const link = new RegExp(`^${linkPrefix.replace(/[.?/]/g, "\\$&")}([A-Za-z0-9_-]{43})$`).exec(email.link);
  assert.ok(link, `the live link on its own: ${email.link}`);
  assert.ok(email.text.includes(email.link), "the link the text carries");
  return link[1];
}

const PASSWORD = "correct horse battery";

test("verify, reset and change-email finished with the links outbox show prints, beside the running server", async () => {
  const address = `newcomer.${process.pid}@example.org`;
  const registered = await post("/client/v1/register", {
    email: address,
    password: PASSWORD,
    confirm_password: PASSWORD,
    email_verification_url: "https://app.example.com/verify/v:token",
  });
  assert.equal(registered.status, 201);
  const { token: login } = await registered.json();
  const me = async (token: string) =>
    (
      await (
        await server.fetch("/client/v1/me", { headers: { ...clientHeaders, Authorization: `Bearer ${token}` } })
      ).json()
    ).customer;

  // Verify.
  const verification = await tokenFromCli(address, "verify_email", "https://app.example.com/verify/v");
  assert.equal((await post("/client/v1/verify-email", { token: verification })).status, 200);
  assert.equal((await me(login)).email_verified, true);

  // Reset.
  const forgot = await post("/client/v1/forgot-password", {
    email: address,
    reset_password_url: "https://app.example.com/reset?token=:token",
  });
  assert.equal(forgot.status, 200);
  const reset = await tokenFromCli(address, "reset_password", "https://app.example.com/reset?token=");
  const newPassword = "a new password for the newcomer";
  const answered = await post("/client/v1/reset-password", {
    token: reset,
    password: newPassword,
    confirm_password: newPassword,
  });
  assert.equal(answered.status, 200);
  const loggedIn = await post("/client/v1/login", { email: address, password: newPassword });
  assert.equal(loggedIn.status, 200);
  const { token: fresh } = await loggedIn.json();

  // Change the address.
  const newAddress = `moved.${process.pid}@example.org`;
  const changed = await post(
    "/client/v1/change-email",
    { email: newAddress, password: newPassword, email_verification_url: "https://app.example.com/verify/:token" },
    { Authorization: `Bearer ${fresh}` },
  );
  assert.equal(changed.status, 200);
  const change = await tokenFromCli(newAddress, "change_email", "https://app.example.com/verify/");
  assert.equal((await post("/client/v1/verify-email", { token: change })).status, 200);
  assert.equal((await me(fresh)).email, newAddress);
  assert.equal((await post("/client/v1/login", { email: newAddress, password: newPassword })).status, 200);

  // The old address's e-mails, newest first: the notice of the change on top.
  const old = await listFor(address);
  assert.equal(old[0].template, "email_change_notice");
  const notice = await cli("outbox", "show", old[0].id);
  assert.equal(notice.code, 0, notice.stderr);
  assert.equal(jsonLines(notice.stdout)[0].link, null, "a notice has no link");
  for (const template of ["verify_email", "reset_password"])
    assert.ok(old.some((email) => email.template === template));
  const times = old.map((email) => Date.parse(email.created_at));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
  );
});

test("outbox list without --to: the newest e-mails, to every address; commands at once each answer in full", async () => {
  const [all, ...concurrent] = await Promise.all([cli("outbox", "list"), cli("outbox", "list"), cli("outbox", "list")]);
  assert.equal(all.code, 0, all.stderr);
  const emails = jsonLines(all.stdout) as Listed[];
  assert.ok(emails.length >= 4 && emails.length <= 20, `${emails.length} e-mails`);
  assert.ok(new Set(emails.map((email) => email.to_address)).size >= 2);
  for (const other of concurrent) assert.deepEqual(other, all);
});

test("bad ids and addresses are refused with a clear message, exit 2, nothing printed", async () => {
  const cases: [string[], RegExp][] = [
    [["outbox", "show"], /outbox show needs the id of an e-mail/],
    [["outbox", "show", "not-an-id"], /outbox show needs the id of an e-mail/],
    [["outbox", "show", `${randomUUID()}x`], /outbox show needs the id of an e-mail/],
    [["outbox", "show", randomUUID(), randomUUID()], /outbox show needs the id of an e-mail/],
    [["outbox", "show", "\u0007"], /outbox show needs the id of an e-mail/],
    [["outbox", "show", randomUUID()], /No such e-mail/],
    [["outbox", "list", "--to", "not an address"], /--to: The address is not a valid e-mail address/],
    [["outbox", "list", "--to", "ann\u0007@example.org"], /--to: The address is not a valid e-mail address/],
    [["outbox", "list", "--to", `${"a".repeat(300)}@example.org`], /--to: |did not understand/],
    [["outbox", "list", "--to", `${"a".repeat(5000)}@example.org`], /--to: |did not understand/],
  ];
  // All at once, as the server's control channel may be asked (and a CLI process takes seconds to start).
  const answers = await Promise.all(cases.map(([args]) => cli(...args)));
  for (const [n, [args, message]] of cases.entries()) {
    const refused = answers[n];
    assert.equal(refused.code, 2, `${args.join(" ").slice(0, 60)}: ${refused.stderr}`);
    assert.match(refused.stderr, message);
    assert.equal(refused.stdout, "");
  }
});
