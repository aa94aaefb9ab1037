import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { bumpVersion, changedHere } from "@/lib/platform/cache/versioned-cache";
import { FIELD_ERROR_CODES } from "@/lib/platform/errors/domain-error";
import { openApiDocument } from "@/lib/http/openapi";
import { DOCUMENTED } from "@/app/client/v1/openapi.json/get-openapi-document.operation";
import { startTestApp, db } from "./support/app";
import { contractFetch } from "@/tooling/api-contract";
import { DEVICE, VERIFY_URL, uniqueEmail } from "./support/accounts";
import { COUNTRY_FIELDS } from "./support/contract";

const app = await startTestApp();

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; headers?: Record<string, { $ref: string }> }>;
};
type Document = {
  servers: { url: string }[];
  info: { license: { name: string; identifier: string }; contact: { name: string; email: string } };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  // biome-ignore lint/suspicious/noExplicitAny: the served components, walked freely by the assertions below
  components: Record<string, Record<string, any>>;
};

const served = async (): Promise<Document> => (await app.fetch("/client/v1/openapi.json")).json();
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })),
  );

/** Every route.ts under app/client/v1, as the URL path it serves (the catch-all 404 aside). */
function routePaths(directory = "app/client/v1"): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith("[...")) found.push(...routePaths(child));
    // A dynamic segment, [id], is {id} in the document.
    if (entry.isFile() && entry.name === "route.ts")
      found.push(`/${directory.replace(/^app\//, "").replace(/\[(\w+)\]/g, "{$1}")}`);
  }
  return found;
}

/** The methods a route file answers (HEAD and OPTIONS aside), as its OPTIONS says. */
async function methodsOf(route: string): Promise<string[]> {
  const file = path.resolve("app", route.replace(/^\//, "").replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
  const { OPTIONS } = await import(file);
  const allow: string = (
    await OPTIONS(new Request(`http://localhost${route}`), { params: Promise.resolve({}) })
  ).headers.get("allow");
  return allow.split(", ").filter((method) => method !== "HEAD" && method !== "OPTIONS");
}

test("the OpenAPI document is served without client credentials, as JSON with an ETag", async () => {
  const response = await app.fetch("/client/v1/openapi.json");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type")!, /^application\/json/);
  const etag = response.headers.get("etag");
  assert.ok(etag, "an ETag");
  assert.equal((await response.json()).openapi, "3.1.0");
  assert.equal((await app.fetch("/client/v1/openapi.json", { headers: { "If-None-Match": etag } })).status, 304);
  const head = await app.fetch("/client/v1/openapi.json", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("etag"), etag);
  assert.equal(await head.text(), "");
  const declared = (await served()).paths["/client/v1/openapi.json"].get.responses["200"] as {
    content?: Record<string, unknown>;
  };
  assert.deepEqual(Object.keys(declared.content ?? {}), ["application/json"]);
});

test("the document is JSON or nothing: an Accept that refuses JSON is a 406", async () => {
  for (const accept of ["application/json", "*/*", "text/html, application/*;q=0.5", "text/html,*/*;q=0.8"]) {
    assert.equal((await app.fetch("/client/v1/openapi.json", { headers: { Accept: accept } })).status, 200, accept);
  }
  for (const accept of ["text/html", "application/json;q=0", "text/html, */*;q=0", "application/json;q=0, */*"]) {
    const refused = await app.fetch("/client/v1/openapi.json", { headers: { Accept: accept } });
    assert.equal(refused.status, 406, accept);
    assert.equal((await refused.json()).type, "invalid_request_error");
  }
});

test("every route under app/client/v1 serves its declared operations, and every declaration has its route", async () => {
  const routes = routePaths();
  assert.ok(routes.length >= 5);
  const declared = (route: string) => DOCUMENTED.filter((operation) => operation.path === route).map((o) => o.method);
  for (const route of routes) {
    const methods = await methodsOf(route);
    assert.ok(methods.length > 0, `${route} handles a method`);
    assert.deepEqual(methods.sort(), declared(route).sort(), `${route}: the methods it answers are the ones declared`);
  }
  for (const operation of DOCUMENTED)
    assert.ok(routes.includes(operation.path), `${operation.method} ${operation.path} has a route file`);
});

test("the document describes every declared operation, and HEAD beside each GET", async () => {
  const document = await served();
  for (const operation of DOCUMENTED) {
    const described = document.paths[operation.path] ?? {};
    assert.equal(described[operation.method.toLowerCase()]?.operationId, operation.operationId);
    if (operation.method === "GET") assert.ok(described.head, `HEAD ${operation.path} is described`);
  }
  assert.deepEqual(Object.keys(document.paths).sort(), [...new Set(DOCUMENTED.map((o) => o.path))].sort());
});

test("every operation has a unique operationId, a listed tag, a summary and a description", async () => {
  const document = await served();
  const tags = new Set(document.tags.map((tag) => tag.name));
  assert.ok(tags.size >= 2);
  for (const tag of document.tags) assert.ok(tag.description, `tag ${tag.name} is described`);
  const ids = new Set<string>();
  for (const { route, method, operation } of operationsOf(document)) {
    const where = `${method} ${route}`;
    assert.match(operation.operationId ?? "", /^[a-z][A-Za-z]+$/, `${where} has an operationId`);
    assert.ok(!ids.has(operation.operationId!), `${where}: ${operation.operationId} is unique`);
    ids.add(operation.operationId!);
    assert.equal(operation.tags?.length, 1, `${where} has a tag`);
    assert.ok(tags.has(operation.tags![0]), `${where}: its tag is listed`);
    assert.ok(operation.summary && operation.description, `${where} has a summary and a description`);
  }
});

test("named types: Country, Settings, Locale, Timezone, Customer, Profile, ApiError, ValidationError and MfaRequired, by $ref", async () => {
  const document = await served();
  const schemas = document.components.schemas;
  for (const name of [
    "Country",
    "Settings",
    "Locale",
    "Timezone",
    "Customer",
    "Profile",
    "ApiError",
    "ValidationError",
    "MfaRequired",
  ]) {
    assert.ok(schemas[name], `components.schemas.${name}`);
    assert.ok(JSON.stringify(document).includes(`"#/components/schemas/${name}"`), `${name} is referred to`);
  }
  assert.deepEqual(Object.keys(schemas.Country.properties), COUNTRY_FIELDS);
  assert.equal(schemas.Country.properties.isd_code.type, "integer");
  const body = await (await app.request("/client/v1/countries")).json();
  assert.deepEqual(Object.keys(body.countries[0]), COUNTRY_FIELDS);
  assert.deepEqual(
    schemas.ValidationError.properties.code.enum,
    [...FIELD_ERROR_CODES],
    "every validation code, from lib/platform/errors/domain-error.ts",
  );
  assert.deepEqual(schemas.Settings.properties.locales.items, { $ref: "#/components/schemas/Locale" });
  assert.deepEqual(schemas.Settings.properties.timezones.items, { $ref: "#/components/schemas/Timezone" });
});

test("the Country schema documents the isd_code convention of the North American Numbering Plan, and the data follows it", async () => {
  const description: string = (await served()).components.schemas.Country.properties.isd_code.description;
  assert.match(description, /North American Numbering Plan/);
  assert.match(description, /Jamaica 1876/);
  assert.match(description, /Dominican Republic is 1809/);
  const countries: { iso_code_alpha2: string; isd_code: number }[] = (
    await (await app.request("/client/v1/countries")).json()
  ).countries;
  const isd = Object.fromEntries(countries.map((country) => [country.iso_code_alpha2, country.isd_code]));
  assert.deepEqual([isd.US, isd.CA, isd.UM, isd.JM, isd.PR, isd.DO], [1, 1, 1, 1876, 1787, 1809]);
});

test("every error status an operation can answer is declared, narrowed to its type, with the headers it carries", async () => {
  const document = await served();
  const responses = document.components.responses;
  const narrowed = (name: string) => responses[name].content["application/json"].schema.allOf[1].properties;
  assert.deepEqual(narrowed("BadRequest"), { code: { const: 400 }, type: { const: "invalid_request_error" } });
  assert.deepEqual(narrowed("Unauthorized"), { code: { const: 401 }, type: { const: "authentication_error" } });
  assert.deepEqual(narrowed("PayloadTooLarge"), { code: { const: 413 }, type: { const: "invalid_request_error" } });
  assert.deepEqual(narrowed("TooManyRequests"), { code: { const: 429 }, type: { const: "rate_limit_error" } });
  assert.deepEqual(narrowed("ServiceUnavailable"), { code: { const: 503 }, type: { const: "api_error" } });
  assert.deepEqual(narrowed("Default").code, { enum: [404, 405, 500] });
  assert.ok(responses.TooManyRequests.headers["Retry-After"] && responses.ServiceUnavailable.headers["Retry-After"]);
  assert.ok(responses.Default.headers.Allow);
  const headers = document.components.headers;
  for (const name of ["ETag", "Revalidate", "NoStore", "Retry-After", "X-Request-Id", "Allow"])
    assert.ok(headers[name]?.schema, `${name} has a schema`);

  const statuses = (route: string, method: string) => Object.keys(document.paths[route][method].responses).sort();
  for (const { route, method, operation } of operationsOf(document)) {
    assert.ok(operation.responses.default, `${method} ${route}: 404, 405 and 500 through default`);
    // The API reference's page needs no database.
    if (route !== "/client/v1/docs")
      assert.ok(operation.responses["503"], `${method} ${route}: 503 while the database does not answer`);
    for (const [status, response] of Object.entries(operation.responses)) {
      const resolved = response.$ref ? responses[response.$ref.split("/").pop()!] : response;
      for (const header of ["X-Request-Id", "X-Content-Type-Options", "Referrer-Policy", "Cache-Control"]) {
        assert.ok(resolved.headers?.[header], `${method} ${route} ${status} declares ${header}`);
      }
    }
  }
  for (const route of [
    "/client/v1/register",
    "/client/v1/login",
    "/client/v1/forgot-password",
    "/client/v1/reset-password",
    "/client/v1/verify-email",
  ]) {
    for (const status of ["400", "401", "413"])
      assert.ok(statuses(route, "post").includes(status), `POST ${route} ${status}`);
  }
  for (const route of ["/client/v1/login", "/client/v1/forgot-password"])
    assert.ok(statuses(route, "post").includes("429"));
  assert.deepEqual(statuses("/client/v1/countries", "get"), ["200", "304", "401", "503", "default"]);
  assert.deepEqual(statuses("/client/v1/openapi.json", "get"), ["200", "304", "406", "503", "default"]);
  const countries = document.paths["/client/v1/countries"].get.responses;
  assert.deepEqual(Object.keys(countries["200"].headers!).sort(), [
    "Cache-Control",
    "ETag",
    "Referrer-Policy",
    "Strict-Transport-Security",
    "X-Content-Type-Options",
    "X-Request-Id",
  ]);
  assert.ok(countries["304"].headers!.ETag);
  assert.deepEqual(responses.PayloadTooLarge.headers.Connection, { $ref: "#/components/headers/Connection" });
  assert.equal(headers.Connection.schema.const, "close");
  for (const name of ["X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"])
    assert.equal(headers[name].required, true, name);
  for (const [name, response] of Object.entries(responses)) {
    assert.deepEqual(
      response.headers["Cache-Control"],
      { $ref: "#/components/headers/NoStore" },
      `${name}: errors are no-store`,
    );
  }
});

test("client credentials are two API keys required together on every operation but this document; the login token where it applies", async () => {
  const document = await served();
  assert.deepEqual(document.components.securitySchemes.clientId, {
    type: "apiKey",
    in: "header",
    name: "X-Client-ID",
    description: document.components.securitySchemes.clientId.description,
  });
  assert.equal(document.components.securitySchemes.clientSecret.name, "X-Client-Secret");
  assert.equal(document.components.securitySchemes.loginToken.scheme, "bearer");
  for (const { route, method, operation } of operationsOf(document)) {
    const expected =
      route === "/client/v1/openapi.json" || route === "/client/v1/docs"
        ? []
        : [
              "/client/v1/me",
              // Issue 25, the profile.
              "/client/v1/me/profile",
              "/client/v1/me/profile/submit",
              "/client/v1/logout",
              "/client/v1/sessions",
              "/client/v1/sessions/{id}",
              "/client/v1/sessions/revoke-others",
              "/client/v1/close-account",
              // Issue 14, passwords and verification.
              "/client/v1/change-password",
              "/client/v1/resend-verification",
              // Issue 14, e-mail changes.
              "/client/v1/change-email",
              // Issue 26, customers' two-factor.
              "/client/v1/me/mfa/totp",
              "/client/v1/me/mfa/totp/confirm",
              "/client/v1/me/mfa/totp/disable",
              // Issue 28, the subject-access export.
              "/client/v1/me/export",
              // Issue 39, the customer's passkeys (signing in with one needs only the client's credentials).
              "/client/v1/me/passkeys",
              "/client/v1/me/passkeys/registration/options",
              "/client/v1/me/passkeys/registration/verify",
              "/client/v1/me/passkeys/{id}",
              "/client/v1/me/passkeys/{id}/remove",
              // Issue 40, payment authorisations.
              "/client/v1/authorisations",
              "/client/v1/authorisations/{id}",
              "/client/v1/authorisations/{id}/confirm",
            ].includes(route)
          ? [{ clientId: [], clientSecret: [], loginToken: [] }]
          : [{ clientId: [], clientSecret: [] }];
    assert.deepEqual(operation.security, expected, `${method} ${route}`);
  }
});

test("every route that needs client credentials refuses every method without them", async () => {
  const document = await served();
  const guarded = operationsOf(document).filter(({ operation }) => (operation.security ?? []).length > 0);
  assert.ok(guarded.length >= 10, `${guarded.length} operations need credentials`);
  for (const { route, method } of guarded) {
    const response = await app.fetch(route, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "POST" ? "{}" : undefined,
    });
    assert.equal(response.status, 401, `${method} ${route}`);
    if (method !== "HEAD")
      assert.equal((await response.json()).message, "Invalid client credentials", `${method} ${route}`);
  }
});

test("servers: PUBLIC_URL when set, else relative; license and contact from the settings", async () => {
  assert.deepEqual(
    (await served()).servers.map((server) => server.url),
    ["/"],
  );
  const business = {
    trading_name: "Remit Co",
    company_name: "Remit Co Ltd",
    license: "Authorised.",
    cs_email: "help@remit.test",
  };
  const behindProxy = openApiDocument({ operations: DOCUMENTED, publicUrl: "https://accounts.remit.test/", business });
  assert.deepEqual(
    behindProxy.servers?.map((server) => server.url),
    ["https://accounts.remit.test"],
  );

  const before = await app.fetch("/client/v1/openapi.json");
  const etag = before.headers.get("etag")!;
  await db().$transaction(async (tx) => {
    await tx.settings.update({
      where: { id: 1 },
      data: { tradingName: "Changed Remit", companyName: "Changed Remit Ltd", csEmail: "help@changed.test" },
    });
    await bumpVersion(tx, "reference");
  });
  changedHere();
  const after = await app.fetch("/client/v1/openapi.json", { headers: { "If-None-Match": etag } });
  assert.equal(after.status, 200, "a settings change is a new document");
  const { info } = (await after.json()) as Document;
  assert.deepEqual(info.contact, { name: "Changed Remit support", email: "help@changed.test" });
  assert.equal(info.license.name, "Proprietary: Changed Remit Ltd");
  assert.equal(info.license.identifier, "LicenseRef-Proprietary");
});

test("unknown request fields are ignored and e-mails trimmed, and the document says so rather than refusing them", async () => {
  const document = await served();
  const register = document.components.schemas.RegisterRequest;
  assert.equal(register.additionalProperties, true);
  assert.match(register.properties.email.description, /Trimmed/);
  assert.equal(register.properties.email.format, undefined, "a leading space is not forbidden");
  for (const name of ["LoginRequest", "ForgotPasswordRequest", "ResetPasswordRequest", "VerifyEmailRequest"]) {
    assert.equal(document.components.schemas[name].additionalProperties, true, name);
  }
  // The contract check also validates this request against the document, as the server accepted it.
  const email = uniqueEmail("Trimmed");
  const response = await app.request("/client/v1/register", {
    method: "POST",
    headers: DEVICE,
    form: {
      email: `  ${email.toUpperCase()} `,
      password: "long enough pw",
      confirm_password: "long enough pw",
      email_verification_url: ` ${VERIFY_URL}`,
      nickname: "Ann",
    },
  });
  assert.equal(response.status, 201);
  assert.ok(await db().customer.findUnique({ where: { email: email.toLowerCase() } }));
});

test("OPTIONS answers with the same Allow as the path's 405 and a request id, without credentials; unknown paths are a 404", async () => {
  const document = await served();
  for (const route of Object.keys(document.paths)) {
    const options = await app.fetch(route, { method: "OPTIONS" });
    assert.equal(options.status, 204, route);
    assert.match(options.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/, route);
    const refused = await app.fetch(route, { method: "PATCH" });
    assert.equal(refused.status, 405, route);
    assert.equal(options.headers.get("allow"), refused.headers.get("allow"), route);
  }
  assert.equal(
    (await app.fetch("/client/v1/countries", { method: "OPTIONS" })).headers.get("allow"),
    "GET, HEAD, OPTIONS",
  );
  assert.equal((await app.fetch("/client/v1/login", { method: "OPTIONS" })).headers.get("allow"), "POST, OPTIONS");
  const unknown = await app.fetch("/client/v1/no-such-thing", { method: "OPTIONS" });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).message, "Unknown API path");
});

test("HEAD on a read answers its status and headers, ETag included, without a body", async () => {
  for (const route of [
    "/client/v1/countries",
    "/client/v1/sources",
    "/client/v1/countries/sources",
    "/client/v1/settings",
  ]) {
    const get = await app.request(route);
    const head = await app.request(route, { method: "HEAD" });
    assert.equal(head.status, 200, route);
    assert.equal(head.headers.get("etag"), get.headers.get("etag"), route);
    assert.equal(await head.text(), "", route);
    assert.equal(
      (await app.request(route, { method: "HEAD", headers: { "If-None-Match": get.headers.get("etag")! } })).status,
      304,
      route,
    );
  }
});

test("no /client/v1 response carries Next's router Vary", async () => {
  const responses = [
    await app.request("/client/v1/countries"),
    await app.request("/client/v1/settings", { method: "HEAD" }),
    await app.fetch("/client/v1/countries"),
    await app.request("/client/v1/login", {
      method: "POST",
      form: { email: "nobody@example.org", password: "wrong password" },
    }),
    await app.request("/client/v1/countries", { method: "DELETE" }),
    await app.request("/client/v1/no-such-thing"),
    await app.fetch("/client/v1/openapi.json"),
    await app.fetch("/client/v1/me", { method: "OPTIONS" }),
  ];
  for (const response of responses)
    assert.equal(response.headers.get("vary"), null, `${response.url} ${response.status}`);
});

test("Redocly's recommended rules find no error and no warning in the document", async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(directory, "openapi.json");
    fs.writeFileSync(file, await (await app.fetch("/client/v1/openapi.json")).text());
    const lint = spawnSync(
      process.execPath,
      ["node_modules/@redocly/cli/bin/cli.js", "lint", "--extends=recommended", "--format=json", file],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
        timeout: 120_000,
      },
    );
    const report = JSON.parse(lint.stdout);
    const problems = report.problems.map(
      (problem: { ruleId: string; message: string }) => `${problem.ruleId}: ${problem.message}`,
    );
    assert.deepEqual({ ...report.totals, problems }, { errors: 0, warnings: 0, ignored: 0, problems: [] });
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

test("a client generated with openapi-typescript types countries, operations and error codes: docs/api.md's example compiles", async () => {
  const example = fs.readFileSync("test/typed-client/example.ts", "utf8");
  const readme = fs.readFileSync("docs/api.md", "utf8");
  const code = example.slice(example.indexOf("import createClient"));
  assert.ok(readme.includes(code), "docs/api.md shows test/typed-client/example.ts as it is");

  const typedClient = path.resolve("test/typed-client");
  const fromTypedClient = createRequire(path.join(typedClient, "package.json"));
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "typed-client-"));
  try {
    fs.writeFileSync(path.join(directory, "openapi.json"), await (await app.fetch("/client/v1/openapi.json")).text());
    const generator = fromTypedClient.resolve("openapi-typescript/package.json");
    const cli = path.join(
      path.dirname(generator),
      JSON.parse(fs.readFileSync(generator, "utf8")).bin["openapi-typescript"],
    );
    const generate = spawnSync(
      process.execPath,
      [cli, path.join(directory, "openapi.json"), "-o", path.join(directory, "api.d.ts")],
      {
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    assert.equal(generate.status, 0, generate.stderr);
    const api = fs.readFileSync(path.join(directory, "api.d.ts"), "utf8");
    assert.match(api, /\bCountry: \{/);
    assert.match(api, /loginCustomer: \{/);
    assert.match(api, /code: "required" \| "invalid" \|/);

    fs.copyFileSync(path.join(typedClient, "example.ts"), path.join(directory, "example.ts"));
    fs.writeFileSync(
      path.join(directory, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["es2022", "dom"],
          types: [],
          paths: { "openapi-fetch": [path.dirname(fromTypedClient.resolve("openapi-fetch/package.json"))] },
        },
        files: ["example.ts", "api.d.ts"],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.resolve("node_modules/typescript/bin/tsc"), "-p", directory], {
      encoding: "utf8",
      timeout: 120_000,
    });
    assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

test("the contract check fails a test on an undeclared status, a body or header off the document, or a request the document refuses", async () => {
  const NO_STORE = { "Cache-Control": "no-store" };
  const documentText = await (await app.fetch("/client/v1/openapi.json")).text();
  const answers: Record<string, { status: number; headers?: Record<string, string>; body?: string; bare?: true }> = {
    "/client/v1/countries": { status: 418, body: '{"code":418,"type":"api_error","message":"teapot"}' },
    "/client/v1/sources": {
      status: 200,
      headers: { ETag: '"y"', "Cache-Control": "private, no-cache" },
      body: '{"code":200,"message":"Success","countries":[{"known_name":"X"}]}',
    },
    "/client/v1/settings": {
      status: 401,
      headers: { Vary: "rsc", ...NO_STORE },
      body: '{"code":401,"type":"authentication_error","message":"no"}',
    },
    "/client/v1/me": {
      status: 401,
      headers: NO_STORE,
      body: '{"code":401,"type":"authentication_error","message":"no"}',
    },
    "/client/v1/verify-email": { status: 200, headers: NO_STORE, body: '{"code":200,"message":"Success"}' },
    "/client/v1/countries/sources": {
      status: 401,
      headers: NO_STORE,
      body: '{"code":401,"type":"authentication_error","message":"no"}',
      bare: true,
    },
    "/client/v1/login": {
      status: 413,
      headers: NO_STORE,
      body: '{"code":413,"type":"invalid_request_error","message":"Request body too large"}',
    },
  };
  // What the service sends on every response, so that each answer is wrong in the one way it names.
  const everyResponse = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };
  const impostor = http.createServer((request, response) => {
    const pathname = new URL(request.url!, "http://impostor").pathname;
    if (pathname === "/client/v1/openapi.json") {
      response.writeHead(200, {
        "Content-Type": "application/json",
        ETag: '"x"',
        "Cache-Control": "private, no-cache",
        "X-Request-Id": randomUUID(),
      });
      response.end(documentText);
      return;
    }
    const answer = answers[pathname];
    const requestId = pathname === "/client/v1/me" ? {} : { "X-Request-Id": randomUUID() };
    response.writeHead(answer.status, {
      "Content-Type": "application/json",
      ...(answer.bare ? {} : everyResponse),
      ...requestId,
      ...answer.headers,
    });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
  try {
    const checked = contractFetch(`http://127.0.0.1:${(impostor.address() as AddressInfo).port}`);
    await assert.rejects(checked("/client/v1/countries"), /a status the document does not declare/);
    await assert.rejects(checked("/client/v1/sources"), /the body does not match the document/);
    await assert.rejects(checked("/client/v1/settings"), /carries vary: rsc, which the document does not declare/);
    await assert.rejects(checked("/client/v1/me"), /the required header X-Request-Id is missing/);
    const numberAsToken = { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"token":7}' };
    await assert.rejects(
      checked("/client/v1/verify-email", numberAsToken),
      /the server accepted a body the document refuses/,
    );
    await assert.rejects(
      checked("/client/v1/countries/sources"),
      /the required header X-Content-Type-Options is missing/,
    );
    const tooLarge = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" };
    await assert.rejects(checked("/client/v1/login", tooLarge), /Connection: keep-alive does not match its schema/);
  } finally {
    impostor.close();
  }
});

test("tests reach /client/v1 through the contract check only, never a plain fetch or requestOnNewConnection", () => {
  const raw = /(?<![.\w])(?:fetch|requestOnNewConnection)\(\s*`\$\{[^}]+\}\/client\/v1/;
  const files = ["test", "tooling"]
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
    .filter(
      (file) =>
        file.endsWith(".ts") && !file.includes("node_modules") && file !== path.join("tooling", "api-contract.ts"),
    );
  const offenders = files.filter((file) => raw.test(fs.readFileSync(file, "utf8")));
  assert.deepEqual(offenders, []);
});

test("without METRICS_TOKEN /metrics does not exist", async () => {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { Authorization: "Bearer anything-at-all-here" },
  });
  assert.equal(response.status, 404);
});
