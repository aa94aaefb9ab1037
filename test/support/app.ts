import { after } from "node:test";
import { reloadConfig } from "@/lib/platform/config";
import { closeDatabase, db } from "@/lib/platform/db";
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { prepareDatabase } from "@/lib/entry/server/prepare-database";
import { startHttpServer } from "@/lib/entry/server/http-server";
import { startBackgroundWork } from "@/lib/entry/server/background";
import { contractFetch } from "@/tooling/api-contract";
import { createPreparedTestDatabase } from "@/tooling/throwaway-database";
import { type FakeResend, startFakeResend } from "./fake-resend";

/**
 * The real app for a test file: the production build served over HTTP on a free loopback port,
 * in this process, on a fresh database (so tests can also reach the database directly).
 * Call once per file, at top level; everything is torn down after the file's tests.
 */
export type TestApp = {
  url: string;
  /** Credentials of an API client made for this file, allowed origin https://app.example.com. */
  client: { clientId: string; clientSecret: string; headers: Record<string, string> };
  /** A request exactly as given (no credentials added). Answers from /client/v1 are checked against the API description. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A request with this file's client credentials, and a form or JSON body if given; checked the same way. */
  request(path: string, init?: RequestInit & { form?: Record<string, string>; json?: unknown }): Promise<Response>;
};

// Production on PostgreSQL requires one (lib/platform/auth-secret/index.ts); this one signs test sessions and seals
// test e-mails' tokens only.
export const TEST_AUTH_SECRET = "test-only-auth-secret-0123456789abcdef";

/** `databaseUrl`: the URL the app reaches the test database by, made from the database's own (through a proxy, say). */
export type TestAppOptions = { databaseUrl?: (url: string) => string };

/** A fresh database, migrated and seeded, as this process's database; returns how to drop it. */
async function openTestDatabase(
  env: Record<string, string>,
  options: TestAppOptions = {},
): Promise<() => Promise<void>> {
  const database = await createPreparedTestDatabase();
  const url = options.databaseUrl?.(database.url) ?? database.url;
  Object.assign(process.env, { NODE_ENV: "production", DATABASE_URL: url, AUTH_SECRET: TEST_AUTH_SECRET, ...env });
  reloadConfig();
  await prepareDatabase();
  return async () => {
    await closeDatabase();
    await database.drop();
  };
}

/** For tests of domain modules: the database alone, dropped after the file's tests. */
export async function startTestDatabase(env: Record<string, string> = {}): Promise<void> {
  after(await openTestDatabase(env));
}

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dropDatabase = await openTestDatabase(env, options);
  const server = await startHttpServer({ port: 0, hostname: "127.0.0.1" });
  const stopBackgroundWork = startBackgroundWork();
  const client = await createApiClient({ name: "Test app", allowed_origins: ["https://app.example.com"] });

  after(async () => {
    await server.close();
    await stopBackgroundWork();
    await dropDatabase();
  });

  return testAppOn(server.url, { clientId: client.client_id, clientSecret: client.client_secret });
}

/** A TestApp for a server already running at `url` (a server process, say), with the API client given. */
export function testAppOn(url: string, client: { clientId: string; clientSecret: string }): TestApp {
  const headers = { "X-Client-ID": client.clientId, "X-Client-Secret": client.clientSecret };
  const checkedFetch = contractFetch(url);
  return {
    url,
    client: { ...client, headers },
    fetch: checkedFetch,
    request(path, init = {}) {
      const { form, json, ...rest } = init;
      const requestHeaders = new Headers({ ...headers, ...Object.fromEntries(new Headers(rest.headers)) });
      let body = rest.body;
      if (form) {
        requestHeaders.set("Content-Type", "application/x-www-form-urlencoded");
        body = new URLSearchParams(form).toString();
      } else if (json !== undefined) {
        requestHeaders.set("Content-Type", "application/json");
        body = JSON.stringify(json);
      }
      return checkedFetch(path, { ...rest, headers: requestHeaders, body });
    },
  };
}

export { db };

/**
 * A test app that delivers its e-mails through a Resend stand-in of its own (dispatching every
 * 50 ms), for the files that read what was sent; `env` adds to or overrides those settings.
 */
export async function startTestAppWithResend(
  env: Record<string, string> = {},
): Promise<{ app: TestApp; resend: FakeResend }> {
  const resend = await startFakeResend();
  after(() => resend.close());
  const app = await startTestApp({
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.url,
    EMAIL_DISPATCH_INTERVAL_MS: "50",
    ...env,
  });
  return { app, resend };
}
