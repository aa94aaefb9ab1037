import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { startTestApp, db } from "./support/app";
import { makeStaff, signIn, STAFF_PASSWORD, type SignInAttempt } from "./support/staff";

/**
 * The back office's sign-in against a hostile client: guesses sent all at once, headers and e-mails
 * too long to index, and a database error while the password is checked. No TRUSTED_PROXIES here,
 * so X-Forwarded-For counts for nothing.
 */
const app = await startTestApp();

const UNAVAILABLE = { code: 503, type: "api_error", message: "Service temporarily unavailable" };

const statuses = (attempts: SignInAttempt[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of attempts) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** Nothing of the database or of a stack may reach the browser, in a body or a redirect. */
function assertNothingInternal(attempt: SignInAttempt) {
  const text = JSON.stringify(attempt.body);
  assert.doesNotMatch(text, /prisma|invocation|executeRaw|queryRaw|relation|stack|at \w+ \(/i, text);
}

test("40 wrong passwords for one staff account at once: 5 are checked, the rest refused, then the right one too", async () => {
  const staff = await makeStaff("admin");
  const attempts = await Promise.all(Array.from({ length: 40 }, () => signIn(app, staff.email, "wrong password")));
  assert.deepEqual(statuses(attempts), { 401: 5, 429: 35 });
  for (const attempt of attempts) assertNothingInternal(attempt);
  const right = await signIn(app, staff.email, STAFF_PASSWORD);
  assert.equal(right.status, 429);
  assert.equal(right.body.type, "rate_limit_error");
  assert.ok(!right.jar.names().some((name) => name.includes("session-token")), "no session");
});

test("an oversized X-Forwarded-For or e-mail does not switch the limit off, and no error text reaches the browser", async () => {
  const staff = await makeStaff("admin");
  const huge = randomBytes(6_000).toString("hex");
  const attempts: SignInAttempt[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    attempts.push(await signIn(app, staff.email, "wrong password", { "X-Forwarded-For": `fe80::1%${huge}` }));
  }
  assert.deepEqual(statuses(attempts), { 401: 5, 429: 7 });
  attempts.forEach(assertNothingInternal);
  const right = await signIn(app, staff.email, STAFF_PASSWORD, { "X-Forwarded-For": `fe80::1%${huge}` });
  assert.equal(right.status, 429, "the right password is refused once the e-mail is limited");

  const longEmail = `${huge}@staff.example.org`;
  const long: SignInAttempt[] = [];
  for (let attempt = 0; attempt < 7; attempt++) long.push(await signIn(app, longEmail, "wrong password"));
  assert.deepEqual(statuses(long), { 401: 5, 429: 2 });
  long.forEach(assertNothingInternal);
});

test("only the e-mail that was counted is checked: a second e-mail field in the body cannot dodge the limit", async () => {
  const staff = await makeStaff("admin");
  for (let attempt = 0; attempt < 5; attempt++)
    assert.equal((await signIn(app, staff.email, "wrong password")).status, 401);
  // The limiter reads the first `email`; next-auth reads the last.
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const decoy = `decoy.${Date.now()}@staff.example.org`;
  const body = `csrfToken=${csrfToken}&email=${encodeURIComponent(decoy)}&email=${encodeURIComponent(staff.email)}&password=${encodeURIComponent(STAFF_PASSWORD)}&json=true`;
  const response = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: csrf.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; "),
    },
    body,
    redirect: "manual",
  });
  assert.equal(response.status, 401);
  assert.ok(!response.headers.getSetCookie().some((line) => line.includes("session-token=")), "no session");
});

/** A sign-in while `table` is renamed away: every statement that needs it fails, as in a broken database. */
async function signInWithTableAway(table: string, email: string): Promise<SignInAttempt> {
  await db().$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await signIn(app, email, STAFF_PASSWORD);
  } finally {
    await db().$executeRawUnsafe(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

test("a database error while the password is checked answers a fixed 503, never the error's text", async () => {
  const staff = await makeStaff("admin");
  const attempt = await signInWithTableAway("staff", staff.email);
  assert.equal(attempt.status, 503);
  assert.deepEqual(attempt.body, UNAVAILABLE);
  assertNothingInternal(attempt);
  assert.ok(!attempt.jar.names().some((name) => name.includes("session-token")), "no session");
  assert.equal((await signIn(app, staff.email, STAFF_PASSWORD)).status, 200, "and signs in once the database answers");
});

test("a sign-in that cannot be counted is refused with a 503, and its password is never checked", async () => {
  const staff = await makeStaff("admin");
  const attempt = await signInWithTableAway("rate_limits", staff.email);
  assert.equal(attempt.status, 503);
  assert.deepEqual(attempt.body, UNAVAILABLE);
  assert.equal((await db().staff.findUniqueOrThrow({ where: { id: staff.id } })).lastLoginAt, null, "not signed in");
});
