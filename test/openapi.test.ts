import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { startTestApp } from "./support/app";
import { COUNTRY_FIELDS } from "./support/contract";

const app = await startTestApp();

/** Every route.ts under app/client/v1, as the URL path it serves (the catch-all 404 aside). */
function routePaths(directory = "app/client/v1"): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith("[...")) found.push(...routePaths(child));
    if (entry.isFile() && entry.name === "route.ts") found.push(`/${directory.replace(/^app\//, "")}`);
  }
  return found;
}

/** A route file's source; for a file that re-exports another route, that route's source. */
function routeSource(route: string): string {
  const source = fs.readFileSync(path.join("app", route, "route.ts"), "utf8");
  const reExported = /^export \{[^}]*\} from "@\/app\/(.+)\/route";$/m.exec(source);
  return reExported ? routeSource(reExported[1]) : source;
}

test("the OpenAPI document is served without client credentials", async () => {
  const response = await fetch(`${app.url}/client/v1/openapi.json`);
  assert.equal(response.status, 200);
  const document = await response.json();
  assert.equal(document.openapi, "3.1.0");
});

test("every route under app/client/v1 is described, with each method it answers", async () => {
  const document = await (await fetch(`${app.url}/client/v1/openapi.json`)).json();
  const routes = routePaths();
  assert.ok(routes.length >= 5);
  for (const route of routes) {
    assert.ok(document.paths[route], `${route} is described`);
    const handled = [...routeSource(route).matchAll(/^\s+(GET|POST):/gm)].map((m) => m[1].toLowerCase());
    assert.ok(handled.length > 0, `${route} handles a method`);
    for (const method of handled) assert.ok(document.paths[route][method], `${method.toUpperCase()} ${route} is described`);
  }
  for (const described of Object.keys(document.paths)) {
    assert.ok(routes.includes(described), `${described} is a real route`);
  }
});

test("response schemas come from the zod schemas that shape the bodies", async () => {
  const document = await (await fetch(`${app.url}/client/v1/openapi.json`)).json();
  const schema = document.paths["/client/v1/countries"].get.responses["200"].content["application/json"].schema;
  const country = schema.properties.countries.items;
  assert.deepEqual(Object.keys(country.properties), COUNTRY_FIELDS);
  assert.equal(country.properties.isd_code.type, "integer");
  const body = await (await app.request("/client/v1/countries")).json();
  assert.deepEqual(Object.keys(body.countries[0]), Object.keys(country.properties));
});

test("every route that needs client credentials refuses every method without them", async () => {
  const document = await (await fetch(`${app.url}/client/v1/openapi.json`)).json();
  const guarded = Object.entries(document.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(
    ([route, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security ?? document.security ?? []).length > 0)
        .map(([method]) => [route, method.toUpperCase()] as const),
  );
  assert.ok(guarded.length >= 10, `${guarded.length} operations need credentials`);
  for (const [route, method] of guarded) {
    const response = await fetch(`${app.url}${route}`, { method, headers: { "Content-Type": "application/json" }, body: method === "GET" ? undefined : "{}" });
    assert.equal(response.status, 401, `${method} ${route}`);
    assert.equal((await response.json()).message, "Invalid client credentials", `${method} ${route}`);
  }
});

test("without METRICS_TOKEN the internal metrics route does not exist", async () => {
  const response = await fetch(`${app.url}/api/internal/metrics`, { headers: { Authorization: "Bearer anything-at-all-here" } });
  assert.equal(response.status, 404);
});
