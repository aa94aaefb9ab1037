/**
 * What the scale bench measures (bench/scale/run.ts): on each database a "site", the production
 * server started on it with an admin signed in (two-factor enrolled, as the back office does it);
 * then, on every site side by side, every back-office read timed over HTTP (median of the rounds,
 * after one unmeasured call), the main API calls, each site's exports with their time and the
 * server's peak memory, and the API calls again right after the exports (for information).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SORTABLE as AUDIT_SORTABLE } from "@/lib/domain/audit/list-audit-log";
import { SORTABLE as CUSTOMER_SORTABLE } from "@/lib/domain/customer-compliance/list-customers";
import { SORTABLE as OUTBOX_SORTABLE } from "@/lib/domain/email/list-outbox";
import { startServerProcess } from "@/tooling/server-process";
import { type AdminFetch, enrolTwoFactor, signIn } from "@/tooling/staff-sign-in";
import { HEAVY_CUSTOMERS } from "./population-sql";
import { PASSWORD } from "./load-population";

/** "api-after-exports": the API's calls again once the exports have read every row, for information. */
export type Kind = "back-office" | "export" | "api" | "api-after-exports";
/** One row's figure: the median time; for exports, memory too (MB above rest at peak, and after). */
export type Figure = { ms: number; peakMb?: number; afterMb?: number; bytes?: number };
export type Figures = Map<string, { kind: Kind; figure: Figure }>;

const ORIGIN = "https://app.example.com";
const MB = 1024 * 1024;

/** `npm run -s cli -- …` on `databaseUrl`; its last line of JSON. */
function cli(env: Record<string, string>, ...args: string[]): Record<string, string> {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`npm run -s cli -- ${args.join(" ")} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/** The resident memory of `pid` and every process under it (a cluster's workers), in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    try {
      const status = fs.readFileSync(`/proc/${next}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync(`/proc/${next}/task`)) {
        const children = fs.readFileSync(`/proc/${next}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const list = (resource: string, sort: [string, string], range: [number, number], filter: object = {}) =>
  `/api/admin/${resource}?${new URLSearchParams({
    sort: JSON.stringify(sort),
    range: JSON.stringify(range),
    filter: JSON.stringify(filter),
  })}`;

export type Read = { name: string; path: string };

/**
 * Every back-office read at `customers` customers: each list's first page, last page (`totals`
 * says where it is), every sortable column, the filters; a customer's page and panels.
 */
function backOfficeReads(customers: number, totals: Record<string, number>, webhookPath: string | null): Read[] {
  const page = 25;
  const lastPage = (resource: string): [number, number] => {
    const total = totals[resource];
    const start = Math.max(0, Math.floor((total - 1) / page) * page);
    return [start, start + page - 1];
  };
  const first: [number, number] = [0, page - 1];
  const middle = Math.max(4, Math.floor(customers / 2));
  const month = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 7);
  const reads: Read[] = [
    { name: "customers: first page (newest)", path: list("customers", ["created_at", "DESC"], first) },
    { name: "customers: last page", path: list("customers", ["created_at", "DESC"], lastPage("customers")) },
    ...Object.keys(CUSTOMER_SORTABLE).map((column) => ({
      name: `customers: sorted by ${column}`,
      path: list("customers", [column, "ASC"], first),
    })),
    ...(
      [
        ["kyc_status pending_review", { kyc_status: "pending_review" }],
        ["status closed", { status: "closed" }],
        ["status blocked", { status: "blocked" }],
        ["not verified", { verified: false }],
        ["source import", { source: "import" }],
        ["country_of_residence GB", { country_of_residence: "GB" }],
        ["pep", { pep: true }],
        ["legal_hold", { legal_hold: true }],
        ["registered in one month", { created_gte: `${month}-01`, created_lte: `${month}-28` }],
        ["a shared device (fingerprint)", { fingerprint: "fp-shared-7" }],
        ["a shared address (ip)", { ip: "100.64.3.0" }],
        ["e-mail fragment (one account)", { q: `c${middle}.` }],
        ["e-mail fragment (a domain)", { q: "proton" }],
      ] as const
    ).map(([what, filter]) => ({
      name: `customers: filter ${what}`,
      path: list("customers", ["created_at", "DESC"], first, filter),
    })),
    ...[middle, ...HEAVY_CUSTOMERS.filter((heavy) => heavy.id <= customers).map((heavy) => heavy.id)].flatMap((id) => {
      const events = HEAVY_CUSTOMERS.find((heavy) => heavy.id === id)?.events;
      const who = events ? `customer with ${events.toLocaleString("en")} events` : "a customer (~20 events)";
      return [
        { name: `${who}: page`, path: `/api/admin/customers/${id}` },
        { name: `${who}: linked accounts`, path: `/api/admin/customers/${id}/linked` },
        { name: `${who}: passkeys`, path: `/api/admin/customers/${id}/passkeys` },
        {
          name: `${who}: its audit entries`,
          path: list("audit-log", ["created_at", "DESC"], first, { resource: "customers", resource_id: String(id) }),
        },
      ];
    }),
    { name: "audit log: first page", path: list("audit-log", ["created_at", "DESC"], first) },
    { name: "audit log: chain state (from the checkpoint)", path: "/api/admin/audit-log/chain" },
    { name: "audit log: last page", path: list("audit-log", ["created_at", "DESC"], lastPage("audit-log")) },
    ...Object.keys(AUDIT_SORTABLE).map((column) => ({
      name: `audit log: sorted by ${column}`,
      path: list("audit-log", [column, "ASC"], first),
    })),
    ...(
      [
        ["action sign_in", { action: "sign_in" }],
        ["resource customers", { resource: "customers" }],
        ["staff member", { staff_id: 5 }],
        ["outcome wrong_credentials", { outcome: "wrong_credentials" }],
        ["e-mail fragment", { email: "staff1" }],
      ] as const
    ).map(([what, filter]) => ({
      name: `audit log: filter ${what}`,
      path: list("audit-log", ["created_at", "DESC"], first, filter),
    })),
    { name: "outbox: first page", path: list("outbox", ["created_at", "DESC"], first) },
    { name: "outbox: last page", path: list("outbox", ["created_at", "DESC"], lastPage("outbox")) },
    ...Object.keys(OUTBOX_SORTABLE).map((column) => ({
      name: `outbox: sorted by ${column}`,
      path: list("outbox", [column, "ASC"], first),
    })),
    ...(
      [
        ["status pending", { status: "pending" }],
        ["status failed", { status: "failed" }],
        ["template verify_email", { template: "verify_email" }],
        ["address fragment", { q: `c${middle}.` }],
      ] as const
    ).map(([what, filter]) => ({
      name: `outbox: filter ${what}`,
      path: list("outbox", ["created_at", "DESC"], first, filter),
    })),
    { name: "staff: first page", path: list("staff", ["id", "ASC"], first) },
    { name: "API clients: first page", path: list("clients", ["id", "ASC"], first) },
    { name: "dashboard", path: "/api/admin/dashboard" },
    { name: "dashboard: dispatch banner", path: "/api/admin/dashboard/dispatch" },
    { name: "dashboard: retention card", path: "/api/admin/retention" },
  ];
  if (webhookPath) {
    reads.push(
      { name: "webhooks: an API client's endpoints", path: webhookPath },
      {
        name: "webhooks: an endpoint's deliveries, first page",
        path: `${webhookPath}/${totals.endpoint}/deliveries?${new URLSearchParams({ sort: '["created_at","DESC"]', range: JSON.stringify(first) })}`,
      },
    );
  }
  return reads;
}

export type SiteOptions = {
  databaseUrl: string;
  /** Customers loaded (0: an empty database, where only the API calls are measured). */
  customers: number;
  /** How long the server rests before an export, for its memory at rest. */
  restMs: number;
  authSecret: string;
  progress: (line: string) => void;
  /** The first column of a progress line. */
  label: string;
};

/** The API calls one round makes, by row name. */
const API_ROWS = {
  register: "POST /client/v1/register",
  login: "POST /client/v1/login",
  refresh: "POST /client/v1/token/refresh",
  me: "GET /client/v1/me",
  export: "GET /client/v1/me/export (the customer's data)",
} as const;

/** A server started on one database, signed in, with the reads it answers at its size. */
export type Site = {
  label: string;
  customers: number;
  reads: Read[];
  /** One back-office read, timed (ms). */
  time(read: Read): Promise<number>;
  /** The exports, one after the other, each with the server's memory. */
  exports(into: Figures): Promise<void>;
  /** Round `n` of the API calls on an account of its own: each call's time (ms), by API_ROWS key. */
  apiRound(n: number): Promise<Record<keyof typeof API_ROWS, number>>;
  stop(): Promise<void>;
};

/**
 * Starts the production server on the database: an API client and an admin (two-factor enrolled, as
 * the back office does it) made with the CLI, the chain checkpointed as the daily check would, the
 * admin signed in, the lists' totals read to know where their last pages are.
 */
export async function openSite(options: SiteOptions): Promise<Site> {
  const { databaseUrl, customers, progress, label } = options;
  const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: options.authSecret };
  const client = cli(env, "clients", "create", "--name", "Scale bench", "--origin", ORIGIN);
  // An address of its own per run: a kept database is measured again (measure-loaded.ts).
  const adminEmail = `scale.admin.${Date.now().toString(36)}@example.org`;
  const admin = cli(env, "staff", "create", "--email", adminEmail, "--role", "admin");
  if (customers > 0) {
    // The daily check's signed checkpoint, which a service of that age has: the chain is read from it.
    const started = performance.now();
    cli(env, "audit", "verify");
    progress(
      `  ${label}: audit verify (the whole chain, once): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const server = await startServerProcess({
    ...env,
    WEB_CONCURRENCY: "1",
    OTEL_EXPORTER_OTLP_ENDPOINT: "",
    RESEND_API_KEY: "",
  });
  const withOutput = (error: unknown) =>
    new Error(
      `${label}: ${error instanceof Error ? error.message : error}\n--- the server's output ---\n${server.output().slice(-3000)}`,
    );
  try {
    const backOffice = customers > 0 ? await openBackOffice(server, admin, customers) : undefined;
    const api = apiCalls(server.url, client, backOffice?.loginAccounts ?? []);
    const guarded =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      (...args: A) =>
        run(...args).catch((error) => {
          throw withOutput(error);
        });
    return {
      label,
      customers,
      reads: backOffice?.reads ?? [],
      time: guarded(async (read: Read) => {
        const started = performance.now();
        await backOffice!.get(read.path);
        return performance.now() - started;
      }),
      exports: guarded(
        async (into: Figures) => backOffice && measureExports(server.pid, backOffice.get, options, into),
      ),
      apiRound: guarded(api),
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw withOutput(error);
  }
}

type StaffGet = (
  route: string,
  init?: RequestInit & { json?: unknown },
) => Promise<{ response: Response; body: Buffer }>;

/** The admin signed in; the lists' totals; the reads at this size; accounts for the API calls to log in as. */
async function openBackOffice(
  app: { url: string },
  staff: Record<string, string>,
  size: number,
): Promise<{ get: StaffGet; reads: Read[]; loginAccounts: LoginAccount[] }> {
  const { jar, status } = await signIn(app, staff.email, staff.password);
  if (status !== 200) throw new Error(`staff sign-in answered ${status}`);
  const staffFetch: AdminFetch = (route, init = {}) => {
    const { json, ...rest } = init;
    return fetch(`${app.url}${route}`, {
      ...rest,
      headers: { Cookie: jar.header(), ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  };
  await enrolTwoFactor(staffFetch);
  const get: StaffGet = async (route, init = {}) => {
    const response = await staffFetch(route, init);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200)
      throw new Error(`${init.method ?? "GET"} ${route} answered ${response.status}: ${body.toString().slice(0, 300)}`);
    return { response, body };
  };
  const totals: Record<string, number> = {};
  for (const resource of ["customers", "audit-log", "outbox"]) {
    const { response } = await get(list(resource, ["created_at", "DESC"], [0, 0]));
    totals[resource] = Number(response.headers.get("content-range")?.split("/")[1]);
  }
  const clientId = JSON.parse((await get(list("clients", ["id", "ASC"], [0, 0]))).body.toString())[0]?.id;
  const webhookPath = clientId === undefined ? null : `/api/admin/clients/${clientId}/webhooks`;
  if (webhookPath) {
    const endpoints = JSON.parse((await get(webhookPath)).body.toString());
    if (Array.isArray(endpoints) && endpoints.length > 0) totals.endpoint = endpoints[0].id;
  }
  // Open accounts from the middle of the population (~20 events each) for the API calls to log in as,
  // within the first 10,000 rows a list pages through (docs/back-office.md, "Big lists").
  // A kept database measured again (measure-loaded.ts) gets other accounts, the window moving on every
  // 20 s (a run takes longer; at a million customers the windows come round in 100 minutes): each
  // may export its data only once an hour.
  const middle = Math.min(Math.floor(size / 2), 10_000 - MAX_API_ROUNDS - 1);
  const windows = Math.max(1, Math.floor(middle / (MAX_API_ROUNDS + 1)));
  const first = middle - (Math.floor(Date.now() / 20_000) % windows) * (MAX_API_ROUNDS + 1);
  const active = await get(list("customers", ["id", "ASC"], [first, first + MAX_API_ROUNDS], { status: "active" }));
  return {
    get,
    reads: backOfficeReads(size, totals, totals.endpoint === undefined ? null : webhookPath),
    // Each logs in from a device it has used (the population's own fingerprint, population-sql.ts),
    // as the account just registered on the empty database does: a login from a new device also
    // composes and queues the alert e-mail and the webhook, other work than the login compared.
    loginAccounts: (JSON.parse(active.body.toString()) as { id: number; email: string }[]).map((customer) => ({
      email: customer.email,
      fingerprint: `fp-${customer.id}`,
    })),
  };
}

/** A loaded account the API rounds log in as, and a device it is known to have used. */
type LoginAccount = { email: string; fingerprint: string };

/**
 * The API's rounds a site is measured in, before the exports and again after them. More than the
 * reads': one registration per round at a million customers moves by a few ms from one call to the
 * next (the pages its index entries land on), against a 10 % target.
 */
export const API_REPS = 15;
/** The most API rounds a site is asked for (each logs in as a loaded account of its own). */
export const MAX_API_ROUNDS = 2 * API_REPS + 1;

/**
 * How long after an export its "after" memory is read. A regular full collection (the export's own,
 * collectedAfter) frees the export's objects but leaves the old generation's pages committed; V8's
 * memory reducer compacts and gives them back once the process has been quiet for a while: 10 to 25 s
 * after an audit export of 100,000 customers' month (162 MB at rest, 171 at 5 s, 155 at 20 s, two
 * exports in a row alike). Read sooner, "after" is the reducer not having run yet, not an export that
 * kept memory.
 */
const SETTLE_MS = 30_000;

/** The exports, each timed with the server's memory above rest at peak and SETTLE_MS after it. */
async function measureExports(pid: number, get: StaffGet, { restMs, progress, label }: SiteOptions, into: Figures) {
  const month = new Date();
  month.setUTCDate(0);
  const to = month.toISOString().slice(0, 10);
  const from = `${to.slice(0, 8)}01`;
  const exports: { name: string; path: string; init?: RequestInit & { json?: unknown } }[] = [
    { name: "export: customers CSV, all", path: "/api/admin/customers/export", init: { method: "POST", json: {} } },
    {
      name: "export: customers CSV, pending review",
      path: "/api/admin/customers/export",
      init: { method: "POST", json: { filter: { kyc_status: "pending_review" } } },
    },
    {
      name: `export: audit log CSV, one month (${from.slice(0, 7)})`,
      path: "/api/admin/audit-log/export",
      init: { method: "POST", json: { format: "csv", from, to } },
    },
  ];
  progress(`  ${label}: exports, with the server's memory…`);
  // Each route once first, reading next to nothing, unmeasured (as each read is called once before it
  // is timed): a route's first call loads its code and what it uses (the audit export signs a
  // checkpoint), which stays as after any first call; "after" is then the export's own.
  await get("/api/admin/customers/export", { method: "POST", json: { filter: { q: "no-such-customer" } } });
  await get("/api/admin/audit-log/export", {
    method: "POST",
    json: { format: "csv", from: "2000-01-01", to: "2000-01-01" },
  });
  for (const exported of exports) {
    await sleep(restMs);
    const rest = treeRss(pid);
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRss(pid));
    }, 20);
    const started = performance.now();
    const { body } = await get(exported.path, exported.init).finally(() => clearInterval(sampler));
    const ms = performance.now() - started;
    peak = Math.max(peak, treeRss(pid));
    await sleep(SETTLE_MS);
    const after = treeRss(pid);
    into.set(exported.name, {
      kind: "export",
      figure: { ms, peakMb: (peak - rest) / MB, afterMb: (after - rest) / MB, bytes: body.length },
    });
  }
}

/**
 * One round of the main API calls on an account of its own (no rate limit is met): a registration,
 * a login and a refresh, /me and the customer's own data export, as the loaded customer
 * `loginAccounts[n]` (~20 events) from its own device when there is one, the account just
 * registered (from the device it registered with) otherwise.
 */
function apiCalls(url: string, client: Record<string, string>, loginAccounts: LoginAccount[]) {
  const run = Date.now().toString(36);
  /** The device round `n` registers from (and, on the empty database, logs in from). */
  const ownDevice = (n: number) => `scale-bench-${n}`;
  const headers = (n: number, fingerprint: string) => ({
    "X-Client-ID": client.client_id,
    "X-Client-Secret": client.client_secret,
    "X-Client-IP": `198.51.${(n >> 8) & 255}.${n & 255}`,
    "X-Client-UA": "scale-bench",
    "X-Client-Fingerprint": fingerprint,
  });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const call = async (
    n: number,
    route: string,
    init: { body?: string; token?: string; json?: boolean; fingerprint?: string } = {},
  ) => {
    const started = performance.now();
    const response = await fetch(`${url}/client/v1/${route}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        ...headers(n, init.fingerprint ?? ownDevice(n)),
        ...(init.body === undefined ? {} : init.json ? { "Content-Type": "application/json" } : form),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status >= 300) throw new Error(`${route} answered ${response.status}: ${text.slice(0, 300)}`);
    return { ms, body: text ? JSON.parse(text) : null };
  };
  return async (n: number): Promise<Record<keyof typeof API_ROWS, number>> => {
    if (n > MAX_API_ROUNDS) throw new Error(`at most ${MAX_API_ROUNDS} API rounds`);
    const email = `scale-bench-${run}-${n}@example.com`;
    const registered = await call(n, "register", {
      body: new URLSearchParams({
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
        email_verification_url: `${ORIGIN}/verify/:token`,
      }).toString(),
    });
    const account = loginAccounts[n] ?? { email, fingerprint: ownDevice(n) };
    const { fingerprint } = account;
    const login = await call(n, "login", {
      body: new URLSearchParams({ email: account.email, password: PASSWORD }).toString(),
      fingerprint,
    });
    const refresh = await call(n, "token/refresh", {
      body: JSON.stringify({ refresh_token: login.body.refresh_token }),
      json: true,
      fingerprint,
    });
    const me = await call(n, "me", { token: refresh.body.token, fingerprint });
    const exported = await call(n, "me/export", { token: refresh.body.token, fingerprint });
    return { register: registered.ms, login: login.ms, refresh: refresh.ms, me: me.ms, export: exported.ms };
  };
}

/** `sites` rotated by `turn`: in interleaved rounds, none is always first (or last) after a pause. */
const rotated = <T>(sites: T[], turn: number) => sites.map((_, index) => sites[(index + turn) % sites.length]);

/** The row of an API call taken after the exports. */
const afterExports = (name: string) => `${name}, right after the exports`;

/**
 * `reps` rounds of the API's calls on every site in turn, apiRound `first` onwards; before the
 * exports after one unmeasured round (the routes' code loaded, their hot paths compiled), after
 * them from the first call, which finds the buffers as the exports left them.
 */
async function measureApi(
  sites: Site[],
  figures: Map<Site, Figures>,
  { first, reps, kind, progress }: { first: number; reps: number; kind: Kind; progress: (line: string) => void },
): Promise<number> {
  const warmUp = kind === "api" ? 1 : 0;
  const times = new Map(sites.map((site) => [site, [] as Record<keyof typeof API_ROWS, number>[]]));
  progress(
    `  the API calls on ${sites.length} sites, ${reps} rounds each${warmUp ? "" : ", right after the exports"}…`,
  );
  for (let round = first; round < first + warmUp + reps; round++) {
    for (const site of rotated(sites, round)) {
      const answer = await site.apiRound(round);
      if (round >= first + warmUp) times.get(site)!.push(answer);
    }
  }
  for (const site of sites) {
    for (const [key, name] of Object.entries(API_ROWS) as [keyof typeof API_ROWS, string][]) {
      figures.get(site)!.set(kind === "api" ? name : afterExports(name), {
        kind,
        figure: { ms: median(times.get(site)!.map((round) => round[key])) },
      });
    }
  }
  return first + warmUp + reps;
}

/**
 * Every site's figures, measured side by side: each read is timed on every site in turn, `reps`
 * rounds (after one unmeasured call on each), so that whatever else the machine does in a minute
 * weighs on every size alike and the growth between them is a ratio measured together; the API
 * rounds likewise (`apiReps` of them); then each site's exports (`exports: false` skips them), one
 * after another, and the API rounds again.
 */
export async function measureSites(
  sites: Site[],
  {
    reps,
    apiReps = API_REPS,
    exports = true,
    api = true,
    progress,
  }: { reps: number; apiReps?: number; exports?: boolean; api?: boolean; progress: (line: string) => void },
): Promise<Map<Site, Figures>> {
  const figures = new Map(sites.map((site) => [site, new Map() as Figures]));
  const names = [...new Set(sites.flatMap((site) => site.reads.map((read) => read.name)))];
  progress(
    `  ${names.length} back-office reads on ${sites.filter((site) => site.reads.length > 0).length} sites, ${reps} rounds each…`,
  );
  for (const name of names) {
    const reading = sites.flatMap((site) => {
      const read = site.reads.find((candidate) => candidate.name === name);
      return read ? [{ site, read, times: [] as number[] }] : [];
    });
    let slowest = 0;
    for (const entry of reading) slowest = Math.max(slowest, await entry.site.time(entry.read));
    // A read slower than 5 s is timed once more: its figure is clear, and the run stays in hours.
    const rounds = slowest > 5_000 ? 1 : reps;
    for (let round = 0; round < rounds; round++) {
      for (const entry of rotated(reading, round)) entry.times.push(await entry.site.time(entry.read));
    }
    for (const { site, times } of reading)
      figures.get(site)!.set(name, { kind: "back-office", figure: { ms: median(times) } });
  }
  // The API's calls are judged before the exports: an export of every customer reads the whole
  // table through the index, which leaves PostgreSQL's buffers full of its pages, and the next
  // registration's random-keyed index entries (its e-mail, its tokens' hashes) land on pages read
  // back from the page cache. Taken again after them, that figure is shown for information.
  const nextRound = api ? await measureApi(sites, figures, { first: 0, reps: apiReps, kind: "api", progress }) : 0;
  if (exports) for (const site of sites) await site.exports(figures.get(site)!);
  if (api && exports)
    await measureApi(sites, figures, { first: nextRound, reps: apiReps, kind: "api-after-exports", progress });
  return figures;
}
