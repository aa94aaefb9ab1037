/**
 * The hot paths' statements prepared by name on PostgreSQL (lib/platform/db/prepared-statements.ts):
 * which statements get a name, and that a registration's, a login's and a refresh's run as prepared
 * statements of their connection, every other statement unnamed; behind a transaction pooler, none.
 * That the server takes DIRECT_DATABASE_URL as the sign of a pooler is test/scale-out.test.ts's
 * pass through PgBouncer: with statements named there, four of its tests fail.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Prisma } from "@/lib/generated/prisma/client";
import { createAdapterFactory, db } from "@/lib/platform/db";
import { prepared, statementNamer } from "@/lib/platform/db/prepared-statements";
import { databaseTarget } from "@/lib/platform/db/target";
import { createPreparedTestDatabase } from "@/tooling/throwaway-database";
import { login, register, uniqueEmail } from "./support/accounts";
import { startTestApp } from "./support/app";

const onPostgres = process.env.TEST_DATABASE_URL
  ? false
  : "named statements are PostgreSQL's: the embedded database is reached through no pool of connections";

const text = (statement: Prisma.Sql) => ({ sql: statement.text });

describe("naming", () => {
  test("a statement built with `prepared` gets a name of its own, the same for the same text", () => {
    const name = statementNamer();
    const count = (key: string) => prepared(Prisma.sql`SELECT count(*) FROM rate_limits WHERE key = ${key}`);
    const first = name(text(count("a")));
    assert.match(first, /^prepared_[0-9a-f]{32}$/);
    // Values are parameters, not text: every call of the statement shares its name.
    assert.equal(name(text(count("another key entirely"))), first);
    assert.notEqual(name(text(prepared(Prisma.sql`SELECT ${1}::int`))), first);
  });

  test("any other statement is unnamed, whatever it says", () => {
    const name = statementNamer();
    assert.equal(name(text(Prisma.sql`SELECT 1`)), "");
    // The mark counts only where `prepared` puts it, at the start.
    assert.equal(name({ sql: "SELECT 1 /* prepared */" }), "");
    assert.equal(name({ sql: " /* prepared */ SELECT 1" }), "");
    assert.equal(name({ sql: "" }), "");
  });

  test("past its limit of texts, new ones go unnamed and the named keep their names", () => {
    const name = statementNamer(2);
    const statement = (n: number) => text(prepared(Prisma.sql`SELECT ${Prisma.raw(String(n))}`));
    const [one, two] = [name(statement(1)), name(statement(2))];
    assert.notEqual(one, "");
    assert.notEqual(two, "");
    assert.equal(name(statement(3)), "");
    assert.equal(name(statement(1)), one);
    assert.equal(name(statement(2)), two);
  });

  test("distinct texts get distinct names, the same ones every time", () => {
    const name = statementNamer(1000);
    const texts = Array.from({ length: 500 }, (_, n) => text(prepared(Prisma.sql`SELECT ${Prisma.raw(String(n))}`)));
    const names = texts.map(name);
    assert.equal(new Set(names).size, 500);
    assert.deepEqual(texts.map(name), names);
  });
});

describe("on PostgreSQL", { skip: onPostgres }, async () => {
  // One connection, so that the statements it has prepared are those any query of the test sees.
  const app = onPostgres
    ? undefined
    : await startTestApp({}, { databaseUrl: (url) => `${url}${url.includes("?") ? "&" : "?"}connection_limit=1` });

  type Row = { name: string; statement: string; generic_plans: bigint };
  const preparedStatements = () =>
    db().$queryRaw<Row[]>`SELECT name, statement, generic_plans FROM pg_prepared_statements`;

  test("a registration's, a login's and a refresh's statements are prepared once on their connection, nothing else is", async () => {
    if (!app) return;
    const email = uniqueEmail("prepared");
    assert.equal((await register(app, email)).status, 201);
    // Enough of each for PostgreSQL to keep a generic plan (from the sixth execution).
    let refreshToken = "";
    for (let n = 0; n < 7; n += 1) {
      const loggedIn = await login(app, email, "correct horse battery");
      assert.equal(loggedIn.status, 200);
      refreshToken = (await loggedIn.json()).refresh_token;
    }
    for (let n = 0; n < 7; n += 1) {
      const refreshed: Response = await app.request("/client/v1/token/refresh", {
        method: "POST",
        json: { refresh_token: refreshToken },
      });
      assert.equal(refreshed.status, 200);
      refreshToken = (await refreshed.json()).refresh_token;
    }
    const statements = await preparedStatements();
    assert.ok(
      statements.every(({ name, statement }) => /^prepared_/.test(name) && statement.startsWith("/* prepared */")),
      "only statements built with `prepared` have names",
    );
    const has = (words: string) => statements.filter(({ statement }) => statement.includes(words)).length;
    assert.equal(has("INSERT INTO rate_limits"), 2, "the registration's count and the login's, each once");
    assert.equal(has("INSERT INTO customers"), 1, "the registration's statement");
    assert.equal(has("INSERT INTO login_tokens"), 2, "the registration's session and the login's");
    assert.equal(has("UPDATE login_tokens AS l"), 1, "the refresh's rotation");
    // What preparing is for: by the seventh call, a plan kept from before rather than one made for it.
    const kept = {
      "the login's count": ({ statement }: Row) => statement.includes("count_1 AS"),
      "the login's write": ({ statement }: Row) =>
        statement.includes("INSERT INTO login_tokens") && !statement.includes("INSERT INTO customers"),
      "the refresh's rotation": ({ statement }: Row) => statement.includes("UPDATE login_tokens AS l"),
    };
    for (const [which, isIt] of Object.entries(kept)) {
      const [row] = statements.filter(isIt);
      assert.ok(row && row.generic_plans > 0n, `${which}: a generic plan kept`);
    }
    const wrong = await login(app, email, "not the password");
    assert.equal(wrong.status, 401);
    // Its attempt is counted by the login's statement, prepared already; its event is written by Prisma.
    assert.equal((await preparedStatements()).length, statements.length);
  });

  test("behind a transaction pooler nothing is named", async () => {
    const database = await createPreparedTestDatabase();
    const adapter = await createAdapterFactory(databaseTarget(`${database.url}?connection_limit=1`), {
      transactionPooler: true,
    }).factory.connect();
    try {
      const statement = prepared(Prisma.sql`SELECT ${1}::int AS one`);
      for (let n = 0; n < 2; n += 1) {
        const result = await adapter.queryRaw({
          sql: statement.text,
          args: statement.values,
          argTypes: [{ scalarType: "int", arity: "scalar" }],
        });
        assert.deepEqual(result.rows, [[1]]);
      }
      const named = await adapter.queryRaw({ sql: "SELECT name FROM pg_prepared_statements", args: [], argTypes: [] });
      assert.deepEqual(named.rows, []);
    } finally {
      await adapter.dispose();
      await database.drop();
    }
  });
});
