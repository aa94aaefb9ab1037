import assert from "node:assert/strict";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { startTestApp, db } from "./support/app";
import { login, uniqueEmail } from "./support/accounts";
import { importCustomers } from "@/lib/domain/customer-accounts/import-customers";

const app = await startTestApp();
const OLD_PASSWORD = "password from the old system";
const oldHash = bcrypt.hashSync(OLD_PASSWORD, 4);

test("imported customers log in with their old password, and the hash becomes argon2id", async () => {
  const email = uniqueEmail("Imported");
  const verified = uniqueEmail("verified");
  const csv = [
    "email,password_hash,created_at,email_verified",
    `${email},${oldHash},2019-03-04T10:00:00Z,false`,
    `${verified},"${oldHash.replace("$2b$", "$2y$")}",2020-01-01,yes`,
  ].join("\n");
  assert.deepEqual(await importCustomers(csv), { imported: 2 });

  const customer = await db().customer.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  assert.equal(customer.source, "import");
  assert.equal(customer.createdAt.toISOString(), "2019-03-04T10:00:00.000Z");
  assert.equal(customer.emailVerifiedAt, null);
  assert.notEqual((await db().customer.findUniqueOrThrow({ where: { email: verified } })).emailVerifiedAt, null);

  assert.equal((await login(app, email, "wrong password")).status, 401);
  assert.match((await db().customer.findUniqueOrThrow({ where: { id: customer.id } })).passwordHash, /^\$2b\$/);
  assert.equal((await login(app, email, OLD_PASSWORD)).status, 200);
  const upgraded = await db().customer.findUniqueOrThrow({ where: { id: customer.id } });
  assert.match(upgraded.passwordHash, /^\$argon2id\$/);
  assert.equal((await login(app, email, OLD_PASSWORD)).status, 200, "and the same password still works");
  assert.equal((await login(app, verified, OLD_PASSWORD)).status, 200, "$2y$ hashes verify too");
});

test("bcrypt's 72-byte limit: a longer password does not match on its first 72 bytes", async () => {
  const long = "x".repeat(72);
  const email = uniqueEmail("long");
  await importCustomers(
    `email,password_hash,created_at,email_verified\n${email},${bcrypt.hashSync(long, 4)},2020-01-01,no`,
  );
  assert.equal((await login(app, email, `${long}and more`)).status, 401);
  assert.equal((await login(app, email, long)).status, 200);
});

test("bad rows are reported by line and nothing is imported", async () => {
  const good = uniqueEmail("good");
  const existing = uniqueEmail("existing");
  await importCustomers(`email,password_hash,created_at,email_verified\n${existing},${oldHash},2020-01-01,no`);
  const csv = [
    "email,created_at,password_hash,email_verified",
    `${good},2020-01-01,${oldHash},true`,
    `not-an-email,2020-01-01,${oldHash},true`,
    `${uniqueEmail()},2020-01-01,plaintext-password,true`,
    `${uniqueEmail()},yesterday,${oldHash},true`,
    `${uniqueEmail()},2020-01-01,${oldHash},maybe`,
    `${good.toUpperCase()},2020-01-01,${oldHash},true`,
    `${existing},2020-01-01,${oldHash},true`,
  ].join("\n");
  const result = await importCustomers(csv);
  assert.equal(result.imported, 0);
  assert.ok("problems" in result);
  assert.deepEqual(
    result.problems.map((p) => p.line),
    [3, 4, 5, 6, 7, 8],
  );
  assert.match(result.problems[0].message, /e-mail/);
  assert.match(result.problems[1].message, /bcrypt/);
  assert.match(result.problems[4].message, /line 2/);
  assert.match(result.problems[5].message, /already has an account/);
  assert.equal(await db().customer.count({ where: { email: good } }), 0, "the good row was not imported either");
});

test("a header without the required columns is refused", async () => {
  const result = await importCustomers("mail,hash\nx@y.z,abc");
  assert.deepEqual(result, {
    imported: 0,
    problems: [{ line: 1, message: "the header row lacks email, password_hash, created_at, email_verified" }],
  });
});
