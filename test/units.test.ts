import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { maskEmail } from "@/lib/email/mask-email";
import { csvField, parseCsv } from "@/lib/csv";
import { databaseTarget } from "@/lib/db/target";
import { createAdapterFactory } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrations";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { requestAddress } from "@/lib/request-address";
import { storedKey } from "@/lib/rate-limit";
import { ConfigError, reloadConfig } from "@/lib/config";
import { ApiError } from "@/lib/api/errors";
import { sha256 } from "@/lib/secrets";
import { buildIsCurrent, sourceHash } from "@/lib/server/build";
import { workerScript } from "@/lib/server/worker-scripts";
import { pooledPercentile, type Slice } from "@/scripts/bench/slices";

test("masked e-mail addresses", () => {
  assert.equal(maskEmail("anything@example.org"), "an******@example.org");
  assert.equal(maskEmail("andrea.smith@example.org"), "an**********@example.org");
  assert.equal(maskEmail("abc@example.org"), "ab*@example.org");
  assert.equal(maskEmail("ab@example.org"), "a*@example.org");
  assert.equal(maskEmail("a@example.org"), "a@example.org");
});

test("CSV with quotes, commas, line breaks and CRLF; line numbers", () => {
  const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\nlast,row');
  assert.deepEqual(rows, [
    { line: 1, fields: ["a", "b"] },
    { line: 2, fields: ["x, y", 'say "hi"'] },
    { line: 3, fields: ["multi\nline", "z"] },
    { line: 6, fields: ["last", "row"] },
  ]);
  assert.equal(csvField('He said "no", twice'), '"He said ""no"", twice"');
  assert.equal(csvField("plain"), "plain");
});

test("DATABASE_URL picks the adapter", async () => {
  assert.equal(databaseTarget(undefined).kind, "pglite");
  assert.match((databaseTarget(undefined) as { dataDir: string }).dataDir, /\.data\/db$/);
  assert.deepEqual(databaseTarget("pglite:memory"), { kind: "pglite", dataDir: undefined, description: "embedded PostgreSQL (PGlite) in memory" });
  assert.match((databaseTarget("pglite:/tmp/x") as { dataDir: string }).dataDir, /^\/tmp\/x$/);
  const postgres = databaseTarget("postgresql://user:secret@db.example:5432/app");
  assert.equal(postgres.kind, "postgres");
  assert.ok(!postgres.description.includes("secret"), "the password is not in the description that gets logged");
  assert.equal(databaseTarget("postgres://localhost/app").kind, "postgres");
  assert.throws(() => databaseTarget("mysql://localhost/app"), /DATABASE_URL must be/);

  const pglite = createAdapterFactory(databaseTarget("pglite:memory"));
  const pg = createAdapterFactory(databaseTarget("postgresql://localhost:1/unused"));
  assert.equal(pglite.factory.adapterName, "pglite-prisma-adapter");
  assert.equal(pg.factory.adapterName, "@prisma/adapter-pg");
  await pglite.close();
});

test("the embedded database through its worker: transactions, driver errors and values as Prisma expects them", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await applyMigrations(factory);
    await assert.rejects(
      prisma.$transaction(async (tx) => {
        await tx.locale.create({ data: { id: "xx", label: "Rolled back" } });
        throw new Error("undo");
      }),
      /undo/,
    );
    assert.equal(await prisma.locale.count({ where: { id: "xx" } }), 0, "a rolled-back transaction leaves nothing");
    await prisma.$transaction(async (tx) => tx.locale.create({ data: { id: "xx", label: "Committed" } }));
    assert.equal(await prisma.locale.count({ where: { id: "xx" } }), 1);
    await assert.rejects(prisma.locale.create({ data: { id: "xx", label: "Again" } }), { code: "P2002" });

    const at = new Date("2024-05-06T05:08:09.123Z");
    const [row] = await prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT ${Buffer.from([0xde, 0xad])}::bytea AS bytes, ${9007199254740993n}::int8 AS big, ${at}::timestamptz AS at,
        '{"a":[1,null]}'::jsonb AS json, NULL::text AS nothing, 1.5::float8 AS float, ARRAY['x','y'] AS list`;
    assert.deepEqual(row, {
      bytes: new Uint8Array([0xde, 0xad]),
      big: 9007199254740993n,
      at,
      json: { a: [1, null] },
      nothing: null,
      float: 1.5,
      list: ["x", "y"],
    });
    const entry = await prisma.auditLog.create({ data: { action: "a", resource: "r", resourceId: "1", before: { list: [true, null, "s"] } } });
    assert.deepEqual(await prisma.auditLog.findUnique({ where: { id: entry.id } }), entry);
  } finally {
    await prisma.$disconnect();
    await close();
  }
});

/** How long `work` took, and the longest the event loop went without a turn meanwhile (in ms). */
async function longestEventLoopPause<T>(work: () => Promise<T>): Promise<{ result: T; took: number; longestPause: number }> {
  let last = performance.now();
  let longestPause = 0;
  const tick = () => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
  };
  const timer = setInterval(tick, 5);
  const started = performance.now();
  try {
    const result = await work();
    const took = performance.now() - started;
    tick();
    return { result, took, longestPause };
  } finally {
    clearInterval(timer);
  }
}

test("the event loop keeps turning while the embedded database runs a slow statement", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const prisma = new PrismaClient({ adapter: factory });
  try {
    await prisma.$executeRaw`SELECT 1`; // started, so what is timed below is the statement alone
    const { took, longestPause } = await longestEventLoopPause(() => prisma.$executeRaw`SELECT pg_sleep(0.3)`);
    assert.ok(took >= 290, `the statement took ${took} ms`);
    assert.ok(longestPause < took / 2, `the event loop paused for ${Math.round(longestPause)} ms of the statement's ${Math.round(took)} ms`);
  } finally {
    await prisma.$disconnect();
    await close();
  }
});

test("the event loop keeps turning while a bcrypt hash from the previous system is checked", async () => {
  const { verifyPassword } = await import("@/lib/passwords");
  // Cost 12, as the previous system stored them: hundreds of milliseconds of CPU per check.
  const stored = bcrypt.hashSync("old password", 12);
  await verifyPassword("warm-up", bcrypt.hashSync("warm-up", 4)); // the worker is started before the timing
  const { result, took, longestPause } = await longestEventLoopPause(() => verifyPassword("old password", stored));
  assert.deepEqual(result, { valid: true, needsRehash: true });
  assert.ok(took >= 100, `the check took ${Math.round(took)} ms`);
  // On the event loop, even bcryptjs's asynchronous compare holds it for most of the check (203 ms
  // of about 250). Judged against the check's own time, not in milliseconds: on a loaded machine a
  // thread of this process can wait 60 ms for a core whatever it runs.
  assert.ok(longestPause < took / 4, `the event loop paused for ${Math.round(longestPause)} ms of the check's ${Math.round(took)} ms`);
});

/** The niceness of each of this process's threads (Linux). */
function threadNiceness(): number[] {
  return fs.readdirSync("/proc/self/task").flatMap((tid) => {
    try {
      return [Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16])];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

test(
  "under load the event loop comes first: the database worker runs at niceness 5, password hashing at 10",
  { skip: process.platform === "linux" ? false : "thread priorities are set on Linux only" },
  async () => {
    const { hashPassword } = await import("@/lib/passwords");
    // Counted before and after: the hashing pool lives as long as the process, so an earlier test may have started it.
    const atNiceness = (niceness: number) => threadNiceness().filter((value) => value === niceness).length;
    const databaseThreadsBefore = atNiceness(5);
    const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
    const prisma = new PrismaClient({ adapter: factory });
    try {
      await prisma.$executeRaw`SELECT 1`;
      await hashPassword("a password to hash");
      const niceness = threadNiceness();
      assert.equal(atNiceness(5), databaseThreadsBefore + 1, `the database worker; threads' niceness: ${niceness}`);
      assert.ok(niceness.includes(10), `a hashing worker; threads' niceness: ${niceness}`);
      assert.equal(os.getPriority(), 0, "the main thread keeps its priority");
    } finally {
      await prisma.$disconnect();
      await close();
    }
  },
);

test("when the embedded database's worker fails, waiting and later calls are refused, not left hanging", async () => {
  const { factory, close } = createAdapterFactory(databaseTarget("pglite:memory"));
  const adapter = await factory.connect();
  const query = (sql: string) => adapter.queryRaw({ sql, args: [], argTypes: [] });
  const original = console.error;
  const logged: unknown[] = [];
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await query("SELECT 1");
    // pglite-prisma-adapter does not await the script it runs: a failing one is an unhandled
    // rejection in the worker, which ends it, here while the next query waits for its answer.
    await adapter.executeScript("SELECT pg_sleep(0.2); SELECT * FROM missing_table");
    await assert.rejects(query("SELECT 1"), /The embedded database stopped: relation "missing_table" does not exist/);
    await assert.rejects(query("SELECT 1"), /The embedded database stopped/);
    assert.equal(logged.length, 1, "the failure is logged once");
  } finally {
    console.error = original;
    await close();
  }
});

test("an unexpected exception is a bare 500 with a request id, and is logged", async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const route = publicRoute({
      GET: async () => {
        throw new Error("database password is hunter2");
      },
    });
    const response = await route.GET(new NextRequest("http://localhost/client/v1/x"), { params: Promise.resolve({}) });
    assert.equal(response.status, 500);
    const requestId = response.headers.get("x-request-id");
    assert.match(requestId!, /^[0-9a-f-]{36}$/);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), { code: 500, type: "api_error", message: "An unexpected error occurred" });
    assert.ok(!text.includes("hunter2"));
    assert.ok(String((logged[0] as unknown[])[0]).includes(requestId!), "the log line carries the request id");
  } finally {
    console.error = original;
  }
});

test("the device: X-Client-IP when given (in its canonical spelling), else the address the request came from", () => {
  const device = readDevice(
    new Request("http://localhost/", {
      headers: { "X-Client-UA": "App/2", "X-Remit-Peer-Address": "192.0.2.9", "X-Forwarded-For": "198.51.100.1" },
    }),
  );
  assert.deepEqual(device, { ip: "192.0.2.9", userAgent: "App/2", fingerprint: "" });
  const claimed = (ip: string) => readDevice(new Request("http://localhost/", { headers: { "X-Client-IP": ip } })).ip;
  assert.equal(claimed("2001:DB8:0:0::1"), "2001:db8::1");
  assert.equal(claimed("::ffff:192.0.2.1"), "192.0.2.1");
  for (const bad of ["localhost", "fe80::1%eth0", `fe80::1%${"a".repeat(10_000)}`, "[::1]", "192.0.2.1:80", "01.2.3.4", "1".repeat(46)]) {
    assert.throws(() => claimed(bad), (error: ApiError) => error.status === 400 && error.fieldErrors?.[0].param === "X-Client-IP", bad);
  }
});

test("the request's address: X-Forwarded-For only from a trusted proxy, right-most untrusted entry, garbage stops", () => {
  const address = (peer: string, forwardedFor?: string) =>
    requestAddress(new Headers({ "X-Remit-Peer-Address": peer, ...(forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor }) }));
  const previous = process.env.TRUSTED_PROXIES;
  try {
    delete process.env.TRUSTED_PROXIES;
    reloadConfig();
    assert.equal(address("192.0.2.9", "198.51.100.1"), "192.0.2.9", "no trusted proxies: the peer");
    assert.equal(address("::ffff:192.0.2.9"), "192.0.2.9");
    assert.equal(requestAddress(new Headers({ "X-Forwarded-For": "198.51.100.1" })), "unknown", "not through our server");

    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 2001:db8::/32";
    reloadConfig();
    assert.equal(address("10.1.1.1", "198.51.100.1"), "198.51.100.1");
    assert.equal(address("10.1.1.1", "203.0.113.5, 198.51.100.1, 10.2.2.2"), "198.51.100.1", "past every trusted hop");
    assert.equal(address("2001:db8::7", "2001:DB8::8, 198.51.100.1"), "198.51.100.1");
    assert.equal(address("10.1.1.1", "10.2.2.2, 10.3.3.3"), "10.2.2.2", "all trusted: the left-most");
    assert.equal(address("10.1.1.1"), "10.1.1.1", "a trusted proxy that sent none: the proxy");
    assert.equal(address("10.1.1.1", `198.51.100.1, ${"x".repeat(10_000)}`), "10.1.1.1", "garbage: nothing past it");
    assert.equal(address("10.1.1.1", "fe80::1%eth0"), "10.1.1.1");
    assert.equal(address("192.0.2.9", "198.51.100.1"), "192.0.2.9", "not from a trusted proxy: ignored");
  } finally {
    if (previous === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = previous;
    reloadConfig();
  }
});

test("TRUSTED_PROXIES must be networks: a bad one stops the start, naming it", () => {
  const previous = process.env.TRUSTED_PROXIES;
  try {
    for (const bad of ["10.0.0.0/33", "proxy.internal", "fe80::1%eth0", "10.0.0.0/8/8"]) {
      process.env.TRUSTED_PROXIES = `192.0.2.1, ${bad}`;
      assert.throws(() => reloadConfig(), (error: Error) => error instanceof ConfigError && error.message.includes("TRUSTED_PROXIES"), bad);
    }
  } finally {
    if (previous === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = previous;
    reloadConfig();
  }
});

test("DIRECT_DATABASE_URL must be a PostgreSQL URL, beside a DATABASE_URL on PostgreSQL", () => {
  const previous = { DATABASE_URL: process.env.DATABASE_URL, DIRECT_DATABASE_URL: process.env.DIRECT_DATABASE_URL };
  const configure = (DATABASE_URL: string | undefined, DIRECT_DATABASE_URL: string | undefined) => {
    for (const [name, value] of Object.entries({ DATABASE_URL, DIRECT_DATABASE_URL })) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    return reloadConfig();
  };
  const refused = (error: Error) => error instanceof ConfigError && error.message.includes("DIRECT_DATABASE_URL");
  try {
    const pooled = "postgresql://app@pgbouncer:6432/remit";
    assert.equal(configure(pooled, "postgresql://app@db:5432/remit").DIRECT_DATABASE_URL, "postgresql://app@db:5432/remit");
    assert.equal(configure(pooled, " ").DIRECT_DATABASE_URL, undefined, "empty is unset");
    assert.throws(() => configure(pooled, "pglite:memory"), refused);
    assert.throws(() => configure(pooled, "mysql://db/remit"), refused);
    assert.throws(() => configure(undefined, "postgresql://app@db:5432/remit"), refused, "beside the embedded database");
    assert.throws(() => configure("pglite:memory", "postgresql://app@db:5432/remit"), refused);
  } finally {
    configure(previous.DATABASE_URL, previous.DIRECT_DATABASE_URL);
  }
});

test("rate-limit keys are bounded: anything longer than 64 bytes is stored as its SHA-256", () => {
  assert.equal(storedKey("someone@example.org"), "someone@example.org");
  assert.equal(storedKey("é".repeat(32)), "é".repeat(32));
  assert.equal(storedKey("é".repeat(33)), sha256("é".repeat(33)));
  assert.equal(storedKey(`fe80::1%${"a".repeat(10_000)}`).length, 64);
});

test("npm start rebuilds only when an input of the build changed", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "remit-build-"));
  try {
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 1;");
    assert.equal(buildIsCurrent(root), false, "no build yet");
    fs.mkdirSync(path.join(root, ".next"));
    fs.writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
    fs.writeFileSync(path.join(root, ".next", "source-hash"), sourceHash(root));
    assert.equal(buildIsCurrent(root), true);
    fs.writeFileSync(path.join(root, "README.md"), "not an input of the build");
    assert.equal(buildIsCurrent(root), true);
    fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 2;");
    assert.equal(buildIsCurrent(root), false, "a changed source needs a new build");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a worker thread's script is compiled again when a file it is compiled from changed, and only then", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "remit-workers-"));
  try {
    // Stand-ins for the hashing thread's entry file and a module it imports.
    fs.mkdirSync(path.join(root, "lib", "passwords"), { recursive: true });
    const entry = path.join(root, "lib", "passwords", "hashing-worker.ts");
    const imported = path.join(root, "lib", "passwords", "imported.ts");
    fs.writeFileSync(imported, "export const answer: number = 1;");
    fs.writeFileSync(entry, 'import { answer } from "./imported";\nconsole.log(answer);');
    const compiled = () => {
      const script = workerScript("hashing", root);
      return { text: fs.readFileSync(script, "utf8"), file: fs.statSync(script).ino };
    };

    const first = compiled();
    assert.match(first.text, /answer = 1;/);
    assert.doesNotMatch(first.text, /: number/, "JavaScript, the types gone");
    assert.equal(compiled().file, first.file, "nothing changed: the same file, not compiled again");
    fs.writeFileSync(imported, "export const answer: number = 2;");
    assert.match(compiled().text, /answer = 2;/, "an imported file changed");
    fs.writeFileSync(entry, 'import { answer } from "./imported";\nconsole.log(answer + 1);');
    assert.match(compiled().text, /answer \+ 1/, "the entry changed");
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the bench's probe p99 is taken over every answer of every round", () => {
  const slice = (latenciesMs?: number[]): Slice => ({
    load: { durationSec: 2, cpuMs: 0, requestsPerSec: 0, p50: 0, p99: 0, errors: 0, statusCounts: {}, latenciesMs },
    cpuMs: 0,
    eventLoopDelayP99Ms: 0,
  });
  // 200 answers: 1..100 ms in one round and 101..200 ms in the next; the p99 is the 198th.
  const rounds = [slice(Array.from({ length: 100 }, (_, i) => 100 - i)), slice(Array.from({ length: 100 }, (_, i) => 101 + i))];
  assert.equal(pooledPercentile(rounds, 0.99), 198);
  assert.equal(pooledPercentile(rounds, 0.5), 100);
  assert.equal(pooledPercentile([slice([7])], 0.99), 7);
  assert.throws(() => pooledPercentile([slice()], 0.99), /no answer times/);
});
