/**
 * `npm run bench:memory [-- --processes N] [-- --database-url postgresql://… | --pglite] [-- --rest-seconds S]`
 *
 * What the deployment holds in memory at rest. Starts `npm start` exactly as an operator would, on
 * a throw-away database (made on the PostgreSQL server given, by default postgres@127.0.0.1:5432,
 * and dropped after; or PGlite in a temporary directory), warms it up (every endpoint called, 50
 * logins, the back office loaded once by an admin signed in with two-factor; every answer checked),
 * waits for rest, and sums the resident
 * memory (VmRSS) of every process `npm start` left running, npm itself aside: the shell, any tsx
 * parent, the server processes, esbuild services. Prints each process and the total against the
 * targets (docs/performance.md, "Memory"), PASS or FAIL. Exits 0 whatever the verdicts; non-zero only when the
 * measurement itself broke.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { createTestDatabase, type TestDatabase } from "@/tooling/throwaway-database";
import { freePort } from "@/tooling/server-process";
import { type AdminFetch, enrolTwoFactor, signIn } from "@/tooling/staff-sign-in";

const { values: options } = parseArgs({
  options: {
    processes: { type: "string", default: "1" },
    "database-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    pglite: { type: "boolean", default: false },
    "rest-seconds": { type: "string", default: "40" }, // longer than an idle hashing thread lives
  },
});
const PROCESSES = Number(options.processes);
const REST_SECONDS = Number(options["rest-seconds"]);
const LOGINS = 50;
const ORIGIN = "https://app.example.com";
const PASSWORD = "correct horse battery staple";
const MB = 1024 * 1024;
/** The targets, in MB: the on PostgreSQL, ours on the embedded database. */
const TARGETS = { postgresOneProcess: 190, primary: 60, pgliteOneProcess: 500 };

type ProcessInfo = { pid: number; ppid: number; name: string; command: string; rss: number; threads: number };

/** Every process below `root`, `root` itself excluded, from /proc. */
function descendants(root: number): ProcessInfo[] {
  const all: ProcessInfo[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const field = (name: string) => status.match(new RegExp(`^${name}:\\s*(.*)$`, "m"))?.[1] ?? "";
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      all.push({
        pid: Number(entry),
        ppid: Number(field("PPid")),
        name: field("Name"),
        command,
        rss: Number.parseInt(field("VmRSS") || "0", 10) * 1024,
        threads: Number(field("Threads")),
      });
    } catch {
      // Gone while we looked.
    }
  }
  const found: ProcessInfo[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const info of all) {
      if (parents.has(info.ppid) && !parents.has(info.pid)) {
        parents.add(info.pid);
        found.push(info);
        grew = true;
      }
    }
  }
  return found;
}

type Started = { npm: ReturnType<typeof spawn>; url: string; output(): string; stop(): Promise<void> };

async function startNpm(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    env: { ...process.env, HOSTNAME: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // a process group of its own, stopped as one at the end
  });
  let output = "";
  npm.stdout!.on("data", (chunk) => (output += chunk));
  npm.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => npm.once("exit", resolve));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-npm.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  process.once("exit", () => killGroup("SIGKILL"));
  for (let waited = 0; !output.includes("\nReady on "); waited += 200) {
    if (npm.exitCode !== null || waited > 300_000) throw new Error(`npm start did not get ready:\n${output}`);
    await sleep(200);
  }
  return {
    npm,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      killGroup("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
      killGroup("SIGKILL");
    },
  };
}

/** `npm run -s cli -- …`, as an operator runs it beside the server; its last line of JSON. */
function cli(databaseUrl: string, ...args: string[]): Record<string, string> {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`npm run -s cli -- ${args.join(" ")} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/** Calls every endpoint once or more, logs in LOGINS times, and loads the back office as an admin. */
async function warmUp(url: string, databaseUrl: string): Promise<void> {
  const client = cli(databaseUrl, "clients", "create", "--name", "Memory", "--origin", ORIGIN);
  const admin = cli(databaseUrl, "staff", "create", "--email", "memory.admin@example.org", "--role", "admin");
  const clientHeaders = {
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
    "X-Client-IP": "203.0.113.9",
    "X-Client-UA": "memory-bench",
    "X-Client-Fingerprint": "memory",
  };
  /**
   * One request of the warm-up, which must be answered as meant: 2xx, or exactly `expect` for the
   * calls that send a token that does not exist. Anything else stops the run, naming the request.
   */
  const call = async (
    route: string,
    init: { method?: string; form?: Record<string, string>; token?: string; expect?: number } = {},
  ) => {
    const headers: Record<string, string> = { ...clientHeaders };
    if (init.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const method = init.method ?? (init.form ? "POST" : "GET");
    const response = await fetch(`${url}${route}`, {
      method,
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    const body = await response.text();
    checkAnswer(method, `${url}${route}`, response.status, body, init.expect);
    return { status: response.status, body };
  };
  const email = (name: string) => `memory.${name}@example.org`;
  const registration = (name: string) => ({
    email: email(name),
    password: PASSWORD,
    confirm_password: PASSWORD,
    email_verification_url: `${ORIGIN}/verify/:token`,
  });
  const loginToken = async (name: string) => {
    const { body } = await call("/client/v1/login", { form: { email: email(name), password: PASSWORD } });
    return JSON.parse(body).token as string;
  };

  for (const route of ["/api/health", "/api/health/ready", "/client/v1/openapi.json"]) await call(route);
  for (const route of ["countries", "sources", "countries/sources", "settings"]) {
    await call(`/client/v1/${route}`);
    await call(`/client/v1/${route}`, { method: "HEAD" });
  }
  for (const name of ["main", "closing", "mover"]) await call("/client/v1/register", { form: registration(name) });
  for (let n = 0; n < LOGINS; n++) await loginToken("main");
  const token = await loginToken("main");
  await call("/client/v1/me", { token });
  await call("/client/v1/me", { method: "POST", token, form: { locale: "de_DE" } });
  const sessions = await call("/client/v1/sessions", { token });
  const otherSession = JSON.parse(sessions.body).sessions?.at(-1)?.id ?? "none";
  await call(`/client/v1/sessions/${otherSession}`, { method: "DELETE", token });
  await call("/client/v1/sessions/revoke-others", { method: "POST", token, form: {} });
  await call("/client/v1/resend-verification", { token, form: { email_verification_url: `${ORIGIN}/verify/:token` } });
  await call("/client/v1/verify-email", { form: { token: "not-a-real-token-0123456789" }, expect: 400 });
  await call("/client/v1/forgot-password", {
    form: { email: email("main"), reset_password_url: `${ORIGIN}/reset?token=:token` },
  });
  await call("/client/v1/reset-password", {
    form: { token: "not-a-real-token-0123456789", password: PASSWORD, confirm_password: PASSWORD },
    expect: 400,
  });
  await call("/client/v1/change-password", {
    token,
    form: { current_password: PASSWORD, password: PASSWORD, confirm_password: PASSWORD },
  });
  const mover = await loginToken("mover");
  await call("/client/v1/change-email", {
    token: mover,
    form: { email: email("moved"), password: PASSWORD, email_verification_url: `${ORIGIN}/verify/:token` },
  });
  await call("/client/v1/close-account", { token: await loginToken("closing"), form: { password: PASSWORD } });
  await call("/client/v1/logout", { token, form: {} });

  // The back office: next-auth's sign-in as the sign-in page does it, the enrolment in two-factor
  // that an admin must complete before anything else (STAFF_MFA_REQUIRED_ROLES), the page, then each resource.
  const { jar, status } = await signIn({ url }, admin.email, admin.password);
  if (status !== 200) throw new Error(`staff sign-in: POST ${url}/api/auth/callback/credentials answered ${status}`);
  const staffFetch: AdminFetch = (route, init = {}) => {
    const { json, ...rest } = init;
    return fetch(`${url}${route}`, {
      ...rest,
      headers: { Cookie: jar.header(), ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  };
  await enrolTwoFactor(staffFetch);
  const staffGet = async (route: string) => {
    const response = await staffFetch(route);
    const body = await response.text();
    checkAnswer("GET", `${url}${route}`, response.status, body);
    return body;
  };
  const page = await staffGet("/admin");
  // The page's scripts, as a browser loading it would fetch them.
  for (const script of new Set(page.match(/\/_next\/static\/[^"']+\.js/g) ?? [])) await staffGet(script);
  await staffGet("/api/auth/session");
  for (const resource of [
    "customers",
    "clients",
    "countries",
    "locales",
    "timezones",
    "settings",
    "staff",
    "audit-log",
    "outbox",
  ]) {
    const list = await staffGet(`/api/admin/${resource}?_start=0&_end=10`);
    const first = (JSON.parse(list) as { id?: string | number }[])[0]?.id;
    if (first !== undefined) await staffGet(`/api/admin/${resource}/${encodeURIComponent(first)}`);
  }
  await staffGet("/api/admin/dashboard");
  // The CSV export is a POST (it is recorded, issue 38).
  const exported = await staffFetch("/api/admin/customers/export", { method: "POST", json: {} });
  checkAnswer("POST", `${url}/api/admin/customers/export`, exported.status, await exported.text());
}

/** A warm-up answer is 2xx (or `expected`, when given); any other stops the run, naming the request. */
function checkAnswer(method: string, url: string, status: number, body: string, expected?: number): void {
  const ok = expected === undefined ? status >= 200 && status < 300 : status === expected;
  if (!ok)
    throw new Error(
      `warm-up: ${method} ${url} answered ${status} (expected ${expected ?? "2xx"}): ${body.slice(0, 300)}`,
    );
}

async function main(): Promise<void> {
  let database: TestDatabase;
  let directory: string | undefined;
  if (options.pglite) {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "remit-memory-"));
    database = { url: `pglite:${path.join(directory, "db")}`, drop: async () => {} };
  } else {
    database = await createTestDatabase(options["database-url"]);
  }
  const kind = options.pglite ? "embedded database (PGlite)" : "PostgreSQL";
  console.log(`npm start on a throw-away ${kind}, WEB_CONCURRENCY=${PROCESSES}…`);
  const server = await startNpm({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(PROCESSES),
    AUTH_SECRET: randomBytes(32).toString("base64"),
    RESEND_API_KEY: "",
  });
  try {
    console.log("Warming up: every endpoint, 50 logins, the back office…");
    await warmUp(server.url, database.url);
    console.log(`Resting ${REST_SECONDS} s, then until the total stops shrinking…`);
    await sleep(REST_SECONDS * 1000);
    report(await atRest(server.npm.pid!));
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
    await database.drop();
    if (directory) fs.rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * The processes once their total has settled: V8 gives memory back in steps while a process idles,
 * so it is read every 5 s until it moved less than 2 MB over 20 s, or for 3 minutes at most.
 */
async function atRest(root: number): Promise<ProcessInfo[]> {
  const totals: number[] = [];
  for (const deadline = Date.now() + 180_000; ; ) {
    const processes = descendants(root);
    totals.push(processes.reduce((sum, info) => sum + info.rss, 0));
    const recent = totals.slice(-5);
    if ((recent.length === 5 && Math.max(...recent) - Math.min(...recent) < 2 * MB) || Date.now() > deadline)
      return processes;
    await sleep(5_000);
  }
}

function report(processes: ProcessInfo[]): void {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const total = processes.reduce((sum, info) => sum + info.rss, 0);
  const nodes = processes.filter((info) => info.name === "node" || info.name.startsWith("node"));
  console.log("\n  pid      RSS        threads  process");
  for (const info of processes) {
    console.log(
      `  ${String(info.pid).padEnd(8)} ${mb(info.rss).padStart(9)}  ${String(info.threads).padStart(7)}  ${info.command.slice(0, 110)}`,
    );
  }
  console.log(`  total    ${mb(total).padStart(9)}  (${processes.length} processes, npm itself aside)\n`);
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  if (PROCESSES === 1) {
    const target = options.pglite ? TARGETS.pgliteOneProcess : TARGETS.postgresOneProcess;
    console.log(`  ${verdict(total <= target * MB)}  total ≤ ${target} MB at rest (${mb(total)})`);
    console.log(`  ${verdict(nodes.length === 1)}  one node process, no primary (${nodes.length})`);
  } else {
    // The primary is the node process whose children are the other node processes.
    const primary = nodes.find((info) => nodes.some((other) => other.ppid === info.pid));
    const rss = primary?.rss ?? Number.POSITIVE_INFINITY;
    console.log(`  ${verdict(rss <= TARGETS.primary * MB)}  primary ≤ ${TARGETS.primary} MB (${mb(rss)})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
