import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";
import { copyEmbeddedTemplate, createPreparedTestDatabase } from "@/tooling/throwaway-database";
import { jsonLines, runCli } from "./support/cli";

// The CLI in its own process, as operators run it, on a database of its own.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-cli-"));
const database = process.env.TEST_DATABASE_URL ? await createPreparedTestDatabase() : undefined;
if (!database) copyEmbeddedTemplate(path.join(directory, "db"));
const DATABASE_URL = database?.url ?? `pglite:${path.join(directory, "db")}`;
after(async () => {
  await database?.drop();
  fs.rmSync(directory, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli({ DATABASE_URL }, ...args);
const run = promisify(execFile);

test("clients create prints the client and its secret as one JSON line; list never shows a secret; revoke", async () => {
  const created = await cli(
    "clients",
    "create",
    "--name",
    "Mobile app",
    "--origin",
    "https://app.example.com",
    "--origin",
    "https://web.example.com/",
  );
  assert.equal(created.code, 0, created.stderr);
  const [client] = jsonLines(created.stdout);
  assert.match(client.client_id, /^cli_[0-9a-f]{24}$/);
  assert.match(client.client_secret, /^sec_[A-Za-z0-9_-]{43}$/);
  assert.equal(client.name, "Mobile app");
  assert.deepEqual(client.allowed_origins, ["https://app.example.com", "https://web.example.com"]);
  assert.equal(client.active, true);

  const listed = await cli("clients", "list");
  assert.equal(listed.code, 0);
  assert.ok(!listed.stdout.includes(client.client_secret), "the secret is shown only at creation");
  assert.deepEqual(
    jsonLines(listed.stdout).map((c) => c.client_id),
    [client.client_id],
  );
  assert.ok(!("client_secret" in jsonLines(listed.stdout)[0]));

  const revoked = await cli("clients", "revoke", client.client_id);
  assert.equal(revoked.code, 0);
  assert.equal(jsonLines(revoked.stdout)[0].active, false);
  assert.ok(jsonLines(revoked.stdout)[0].revoked_at);
});

test("npm run -s cli pipes: stdout is the JSON alone, as README's and the docs' commands run it", async () => {
  const read =
    "let t=require('fs').readFileSync(0,'utf8');for(const l of t.trim().split('\\n'))JSON.parse(l);process.stdout.write(t)";
  const piped = await run(
    "sh",
    ["-c", `npm run -s cli -- clients create --name Piped --origin https://app.example.com | node -e "${read}"`],
    {
      env: { ...process.env, DATABASE_URL },
    },
  );
  const [client] = jsonLines(piped.stdout);
  assert.equal(client.name, "Piped");
  assert.match(client.client_secret, /^sec_/);
  const guide = ["README.md", "CONTRIBUTING.md", ...fs.readdirSync("docs").map((name) => path.join("docs", name))];
  for (const file of guide.filter((name) => name.endsWith(".md"))) {
    assert.doesNotMatch(fs.readFileSync(file, "utf8"), /npm run cli --/, `${file}: npm run -s cli -- …`);
  }
});

test("mistakes are explained, with a non-zero exit", async () => {
  const noName = await cli("clients", "create");
  assert.equal(noName.code, 2);
  assert.match(noName.stderr, /--name/);
  const badOrigin = await cli("clients", "create", "--name", "x", "--origin", "https://app.example.com/path");
  assert.equal(badOrigin.code, 2);
  assert.match(badOrigin.stderr, /“https:\/\/app\.example\.com\/path” is not a valid origin/);
  const noOrigin = await cli("clients", "create", "--name", "No origin");
  assert.equal(noOrigin.code, 2, "a client no registration could go through is not made");
  assert.match(noOrigin.stderr, /needs --origin/);
  assert.ok(!(await cli("clients", "list")).stdout.includes("No origin"));
  const unknown = await cli("clients", "revoke", "cli_nope");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /No API client/);
  const usage = await cli("nonsense");
  assert.equal(usage.code, 2);
  assert.match(usage.stdout, /Usage: npm run -s cli/);
});

test("customers import: all or nothing, problems by line", async () => {
  const hash = bcrypt.hashSync("old password", 4);
  const good = path.join(directory, "good.csv");
  fs.writeFileSync(
    good,
    `email,password_hash,created_at,email_verified\nold.one@example.org,${hash},2021-05-01,true\n`,
  );
  const imported = await cli("customers", "import", good);
  assert.equal(imported.code, 0, imported.stderr);
  assert.deepEqual(jsonLines(imported.stdout), [{ imported: 1 }]);

  const bad = path.join(directory, "bad.csv");
  fs.writeFileSync(
    bad,
    `email,password_hash,created_at,email_verified\nnew.one@example.org,${hash},2021-05-01,true\nbroken,${hash},2021-05-01,true\n`,
  );
  const refused = await cli("customers", "import", bad);
  assert.equal(refused.code, 2);
  assert.equal(jsonLines(refused.stdout)[0].problems[0].line, 3);
  assert.match(refused.stderr, /Nothing imported/);
});
