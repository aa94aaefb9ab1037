import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { maskEmail } from "@/lib/email/mask-email";
import { csvField, parseCsv } from "@/lib/csv";
import { linkWithToken } from "@/lib/tokens";
import { databaseTarget } from "@/lib/db/target";
import { createAdapterFactory } from "@/lib/db";
import { NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/route";
import { readDevice } from "@/lib/customers/device";
import { buildIsCurrent, sourceHash } from "@/lib/server/build";

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

test("the token goes where :token is, URL-encoded", () => {
  assert.equal(linkWithToken("https://a.example/verify/:token?x=1", "abc_-"), "https://a.example/verify/abc_-?x=1");
});

test("DATABASE_URL picks the adapter", () => {
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
  void pglite.close();
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

test("the device: X-Client-IP when given, else the address the request came from", () => {
  const device = readDevice(
    new Request("http://localhost/", { headers: { "X-Client-UA": "App/2", "X-Forwarded-For": "198.51.100.1, 192.0.2.9" } }),
  );
  assert.deepEqual(device, { ip: "192.0.2.9", userAgent: "App/2", fingerprint: "" });
  assert.equal(readDevice(new Request("http://localhost/", { headers: { "X-Client-IP": "2001:db8::1" } })).ip, "2001:db8::1");
  assert.throws(() => readDevice(new Request("http://localhost/", { headers: { "X-Client-IP": "localhost" } })));
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
