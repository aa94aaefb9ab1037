import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { ConfigError, reloadConfig } from "@/lib/platform/config";
import { closeDatabase } from "@/lib/platform/db";
import { authSecret } from "@/lib/platform/auth-secret";
import { announcement } from "@/lib/entry/server/announcement";
import { readFirstRun } from "@/lib/entry/server/first-run";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { verifyPassword } from "@/lib/domain/passwords/verify-password";
import { jsonLines, runCli } from "./support/cli";

// The first admin is made with the CLI, on the embedded database, before the server ever starts.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-staff-cli-"));
const DATABASE_URL = `pglite:${path.join(directory, "db")}`;
after(() => fs.rmSync(directory, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli({ DATABASE_URL, NODE_ENV: "development" }, ...args);

/** Opens the CLI's database in this process for `work`, then closes it (PGlite is single-process). */
/** What `npm start` would print, serving on localhost:3000, given what the database holds now. */
async function startMessage(): Promise<string> {
  const firstRun = await readFirstRun();
  return announcement({ url: "http://localhost:3000", database: "test", processes: 1, firstRun }).join("\n");
}

async function inThisProcess<T>(work: () => Promise<T>): Promise<T> {
  Object.assign(process.env, { DATABASE_URL, NODE_ENV: "development" });
  reloadConfig();
  try {
    await prepareDatabase();
    return await work();
  } finally {
    await closeDatabase();
  }
}

test("npm start tells a new operator how to create the first admin, in the order of README's quick start", async () => {
  const hints = await inThisProcess(startMessage);
  assert.match(hints, /npm run -s cli -- staff create --email you@example\.com --role admin/);
  const readme = fs.readFileSync("README.md", "utf8");
  const quickStart = readme.slice(
    readme.indexOf("## Quick start"),
    readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1),
  );
  const steps = ["clients create", "staff create", "curl "];
  const order = (text: string) => steps.map((step) => text.indexOf(step));
  assert.ok(
    order(quickStart).every((at) => at >= 0),
    "README's quick start names every step",
  );
  assert.deepEqual(
    steps.toSorted((a, b) => hints.indexOf(a) - hints.indexOf(b)),
    steps.toSorted((a, b) => quickStart.indexOf(a) - quickStart.indexOf(b)),
  );
});

test("staff create prints the account as one JSON line, with a generated password when none was given", async () => {
  const created = await cli("staff", "create", "--email", "First.Admin@Example.com", "--role", "admin");
  assert.equal(created.code, 0, created.stderr);
  const [admin] = jsonLines(created.stdout);
  assert.deepEqual(Object.keys(admin).sort(), [
    "active",
    "created_at",
    "email",
    "id",
    "last_login_at",
    "name",
    "password",
    "role",
    "two_factor",
  ]);
  assert.equal(admin.email, "first.admin@example.com");
  assert.equal(admin.name, "first.admin");
  assert.equal(admin.role, "admin");
  assert.ok(admin.password.length >= 16);

  const chosen = await cli(
    "staff",
    "create",
    "--email",
    "ops@example.com",
    "--role",
    "operations",
    "--name",
    "Olu Ops",
    "--password",
    "a chosen password",
  );
  assert.equal(chosen.code, 0, chosen.stderr);
  const [operations] = jsonLines(chosen.stdout);
  assert.equal(operations.password, undefined, "a chosen password is never printed");

  const listed = jsonLines((await cli("staff", "list")).stdout);
  assert.deepEqual(
    listed.map((staff) => [staff.email, staff.role]),
    [
      ["first.admin@example.com", "admin"],
      ["ops@example.com", "operations"],
    ],
  );
  assert.ok(listed.every((staff) => !("password" in staff) && !("passwordHash" in staff)));

  await inThisProcess(async () => {
    const { db } = await import("@/lib/platform/db");
    const stored = await db().staff.findUniqueOrThrow({ where: { email: "first.admin@example.com" } });
    assert.ok((await verifyPassword(admin.password, stored.passwordHash)).valid, "the printed password signs in");
    const audit = await db().auditLog.findMany({ where: { resource: "staff" } });
    assert.deepEqual(
      audit.map((entry) => [entry.action, entry.staffId]),
      [
        ["create", null],
        ["create", null],
      ],
      "audited as the command line's",
    );
    assert.doesNotMatch(await startMessage(), /staff create/);
  });
});

test("staff create refuses a bad role, a bad e-mail and a taken e-mail, saying which", async () => {
  const badRole = await cli("staff", "create", "--email", "x@example.com", "--role", "root");
  assert.equal(badRole.code, 2);
  assert.match(badRole.stderr, /--role: Role must be one of: admin, operations, compliance/);
  const badEmail = await cli("staff", "create", "--email", "not-an-email", "--role", "admin");
  assert.equal(badEmail.code, 2);
  assert.match(badEmail.stderr, /--email: E-mail address is not a valid e-mail address/);
  const taken = await cli("staff", "create", "--email", "ops@example.com", "--role", "admin");
  assert.equal(taken.code, 2);
  assert.match(taken.stderr, /--email: A staff member with this e-mail address already exists/);
});

test("with no AUTH_SECRET the embedded database keeps a generated one beside its data", async () => {
  delete process.env.AUTH_SECRET;
  delete process.env.NEXTAUTH_SECRET;
  Object.assign(process.env, { DATABASE_URL, NODE_ENV: "production" });
  reloadConfig();
  const secret = authSecret();
  const file = path.join(directory, "auth-secret");
  assert.equal(fs.readFileSync(file, "utf8"), secret);
  assert.ok(secret.length >= 32);
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, "readable by the service's user only");
});

test("in production on PostgreSQL a missing AUTH_SECRET stops the start with a clear message", () => {
  delete process.env.AUTH_SECRET;
  delete process.env.NEXTAUTH_SECRET;
  Object.assign(process.env, { DATABASE_URL: "postgresql://localhost/remit", NODE_ENV: "production" });
  reloadConfig();
  assert.throws(
    authSecret,
    (error: unknown) =>
      error instanceof ConfigError && /AUTH_SECRET: is required in production on PostgreSQL/.test(error.message),
  );
  process.env.NEXTAUTH_SECRET = "x".repeat(32);
  assert.equal(reloadConfig().AUTH_SECRET, "x".repeat(32), "NEXTAUTH_SECRET is read as AUTH_SECRET");
  assert.equal(authSecret(), "x".repeat(32));
});
