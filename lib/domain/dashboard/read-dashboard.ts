/**
 * What the back office's first page shows, read from the database: counts (running totals kept by
 * the database's triggers, or an index's bounded range: none reads a table through) and, for those who may
 * read customers, the profiles awaiting KYC review and the account activity of the last 30 days, day by day; for operations, the API
 * clients' calls per day and last use, the e-mails queued, sent and failed per day, and the
 * reference data changed lately (from the audit log); for those who may read it, retention's last runs
 * and the next (lib/domain/retention/read-retention.ts). Each role gets only the figures of the
 * resources it may read (lib/domain/access/permissions.ts).
 */
import type {
  AuditAction,
  AuditActor,
  AuditResource,
  DashboardMetric,
  DashboardTotalMetric,
  StaffRole,
} from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { nameAuditedRecords } from "@/lib/domain/audit/name-audited-records";
import { type AdminResource, may, mayReadStaffEmails } from "@/lib/domain/access/permissions";
import { placeholderSettings } from "@/lib/domain/reference-data/read-settings";
import type { BusinessDetails } from "@/lib/domain/reference-data/settings-record";
import { type RetentionStatus, readRetention } from "@/lib/domain/retention/read-retention";
import { countOpenScreeningMatches } from "./count-open-screening-matches";

/** One UTC day of account activity. `day` is YYYY-MM-DD. */
export type ActivityDay = {
  day: string;
  registrations: number;
  logins: number;
  failed_logins: number;
  rate_limited: number;
};

/** The numbers on the back office's first page; a figure the role may not read is absent. */
export type Dashboard = {
  customers?: number;
  registrations_this_week?: number;
  /** Profiles submitted (or sent back) for KYC review and not yet decided. */
  profiles_awaiting_review?: number;
  /** The last 30 days, oldest first, today included, every day present. */
  activity?: ActivityDay[];
  active_api_clients?: number;
  pending_emails?: number;
  failed_emails?: number;
  /** False when no provider is configured (RESEND_API_KEY): the pending e-mails are never sent. */
  email_provider?: boolean;
  /** The last 30 days of the outbox, oldest first, every day present. */
  emails_per_day?: EmailDay[];
  /** The active API clients and those used in the last 30 days, the most recently used first. */
  api_clients?: ApiClientUse[];
  /** The last 30 days, oldest first, every day present: each client's calls, by client id. */
  api_calls_per_day?: ApiCallsDay[];
  /** The latest changes to the reference data the role may change, newest first. */
  reference_changes?: ReferenceChange[];
  /** For those who edit the settings: the fields that still hold the seed's placeholders, empty once none does. */
  placeholder_settings?: (keyof BusinessDetails)[];
  /** Retention's setting, latest runs and next scheduled day. */
  retention?: RetentionStatus;
  /** Possible screening matches waiting for a decision (count-open-screening-matches.ts). */
  open_screening_matches?: number;
};

/** One UTC day of the outbox: e-mails queued, sent, and given up on (failed) that day. */
export type EmailDay = { day: string; queued: number; sent: number; failed: number };

export type ApiClientUse = {
  id: number;
  name: string;
  active: boolean;
  /** To the minute; null when never used. */
  last_used_at: string | null;
  calls_today: number;
  calls_30_days: number;
};

export type ApiCallsDay = { day: string; calls: Record<string, number> };

export type ReferenceChange = {
  id: number;
  created_at: string;
  action: AuditAction;
  resource: AuditResource;
  resource_id: string;
  record_name: string | null;
  /** Who acted (audit_log.actor), and the staff member's name; null for no staff member or one since deleted. */
  actor: AuditActor;
  staff_name: string | null;
  /** The fields an update changed; empty for a creation or a deletion. */
  fields: string[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const ACTIVITY_DAYS = 30;

export async function readDashboard(role: StaffRole, now = new Date()): Promise<Dashboard> {
  const [customers, clients, outbox, clientUse, referenceChanges, placeholders, retention, openMatches] =
    await Promise.all([
      may(role, "customers", "read") ? customerFigures(now) : undefined,
      may(role, "clients", "read") ? db().apiClient.count({ where: { active: true } }) : undefined,
      mayReadStaffEmails(role) ? outboxFigures(now) : undefined,
      may(role, "clients", "read") ? apiClientUse(now) : undefined,
      latestReferenceChanges(role),
      may(role, "settings", "write") ? placeholderSettings() : undefined,
      may(role, "retention", "read") ? readRetention(now) : undefined,
      may(role, "screening/matches", "read") ? countOpenScreeningMatches() : undefined,
    ]);
  return {
    ...customers,
    active_api_clients: clients,
    ...outbox,
    ...clientUse,
    ...(referenceChanges && { reference_changes: referenceChanges }),
    placeholder_settings: placeholders,
    retention,
    open_screening_matches: openMatches,
  };
}

/** The UTC days of the last 30, oldest first, today last, as YYYY-MM-DD. */
function lastDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: ACTIVITY_DAYS }, (_, index) =>
    new Date(today - (ACTIVITY_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The customers and the review queue from the running totals; the week's registrations from the
 * creation index alone (a range of one week's rows, however many customers came before).
 */
async function customerFigures(now: Date) {
  const [total, registrations, activity] = await Promise.all([
    runningTotals(["customers", "profiles_awaiting_review"]),
    db().customer.count({ where: { createdAt: { gte: new Date(now.getTime() - 7 * DAY_MS) } } }),
    accountActivity(now),
  ]);
  return {
    customers: total("customers"),
    registrations_this_week: registrations,
    profiles_awaiting_review: total("profiles_awaiting_review"),
    activity,
  };
}

/**
 * The failed e-mails from the running totals (they stay, and grow with the outbox); the pending from
 * the (status, id) index alone: the dispatcher's backlog, not the outbox.
 */
async function outboxFigures(now: Date) {
  const [pending, total, perDay] = await Promise.all([
    db().emailOutbox.count({ where: { status: "pending" } }),
    runningTotals(["failed_emails"]),
    emailsPerDay(now),
  ]);
  return {
    pending_emails: pending,
    failed_emails: total("failed_emails"),
    email_provider: Boolean(config().RESEND_API_KEY),
    emails_per_day: perDay,
  };
}

/** The outbox's 30 days from the running totals (dashboard_daily_counts). */
async function emailsPerDay(now: Date): Promise<EmailDay[]> {
  const counts = await dailyCounts(["emails_queued", "emails_sent", "emails_failed"], now);
  return counts.map(({ day, of }) => ({
    day,
    queued: of("emails_queued"),
    sent: of("emails_sent"),
    failed: of("emails_failed"),
  }));
}

/** The active clients and those with calls in the last 30 days, and each day's calls per client. */
async function apiClientUse(now: Date) {
  const days = lastDays(now);
  const today = days.at(-1);
  const use = await db().apiClientDailyUse.findMany({
    where: { day: { gte: new Date(`${days[0]}T00:00:00Z`) } },
    select: { apiClientId: true, day: true, calls: true },
  });
  const clients = await db().apiClient.findMany({
    where: { OR: [{ active: true }, { id: { in: [...new Set(use.map((row) => row.apiClientId))] } }] },
    select: { id: true, name: true, active: true, lastUsedAt: true },
    orderBy: [{ lastUsedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
  });
  const perDay = new Map(days.map((day) => [day, {} as Record<string, number>]));
  for (const row of use) {
    const calls = perDay.get(row.day.toISOString().slice(0, 10));
    if (calls) calls[row.apiClientId] = row.calls;
  }
  const callsOf = (id: number, onlyDay?: string) =>
    use
      .filter((row) => row.apiClientId === id && (!onlyDay || row.day.toISOString().startsWith(onlyDay)))
      .reduce((sum, row) => sum + row.calls, 0);
  return {
    api_clients: clients.map((client) => ({
      id: client.id,
      name: client.name,
      active: client.active,
      last_used_at: client.lastUsedAt?.toISOString() ?? null,
      calls_today: callsOf(client.id, today),
      calls_30_days: callsOf(client.id),
    })),
    api_calls_per_day: days.map((day) => ({ day, calls: perDay.get(day) ?? {} })),
  };
}

/** The audit log's resources that are reference data: what the apps show customers. */
const REFERENCE_RESOURCES: (AuditResource & AdminResource)[] = ["settings", "countries", "locales", "timezones"];
export const REFERENCE_CHANGES_SHOWN = 10;

/**
 * For those who maintain the reference data (every role reads the countries' names, only operations
 * and admins change them); undefined when the role may change none of it.
 */
async function latestReferenceChanges(role: StaffRole): Promise<ReferenceChange[] | undefined> {
  const resources = REFERENCE_RESOURCES.filter((resource) => may(role, resource, "write"));
  if (resources.length === 0) return undefined;
  // Each resource's newest from the (resource, created_at, id) index, then the newest of those: one
  // read of every resource at once walked the whole log back when reference changes are rare in it.
  const latest = await Promise.all(
    resources.map((resource) =>
      db().auditLog.findMany({
        where: { resource },
        include: { staff: { select: { name: true } } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: REFERENCE_CHANGES_SHOWN,
      }),
    ),
  );
  const entries = latest
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, REFERENCE_CHANGES_SHOWN);
  const names = await nameAuditedRecords(entries);
  return entries.map((entry, index) => ({
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    record_name: names[index],
    actor: entry.actor,
    staff_name: entry.staff?.name ?? null,
    fields: changedFields(entry.before, entry.after),
  }));
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function changedFields(before: unknown, after: unknown): string[] {
  if (!isFields(before) || !isFields(after)) return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) => name !== "updated_at" && JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
}

/** The account activity's 30 days from the running totals (dashboard_daily_counts). */
async function accountActivity(now: Date): Promise<ActivityDay[]> {
  const counts = await dailyCounts(["registrations", "logins", "failed_logins", "rate_limited"], now);
  return counts.map(({ day, of }) => ({
    day,
    registrations: of("registrations"),
    logins: of("logins"),
    failed_logins: of("failed_logins"),
    rate_limited: of("rate_limited"),
  }));
}

/**
 * The running totals of `metrics` (dashboard_totals, kept by the triggers of migration
 * 20261128104100_dashboard_totals), summed over their shards: at most 8 rows a metric.
 */
async function runningTotals(metrics: DashboardTotalMetric[]) {
  const rows = await db().dashboardTotal.groupBy({
    by: ["metric"],
    where: { metric: { in: metrics } },
    _sum: { count: true },
  });
  const sums = new Map(rows.map((row) => [row.metric, row._sum.count ?? 0]));
  return (metric: DashboardTotalMetric) => sums.get(metric) ?? 0;
}

/**
 * The last 30 days of `metrics`, every day present: the triggers of migration
 * 20261128071500_dashboard_daily_counts keep each day's totals, spread over shards that are summed
 * here, so a load reads at most 30 days × metrics × 8 rows however many events a month holds.
 */
async function dailyCounts(metrics: DashboardMetric[], now: Date) {
  const days = lastDays(now);
  const rows = await db().dashboardDailyCount.groupBy({
    by: ["day", "metric"],
    where: { day: { gte: new Date(`${days[0]}T00:00:00Z`) }, metric: { in: metrics } },
    _sum: { count: true },
  });
  const counts = new Map(rows.map((row) => [`${row.day.toISOString().slice(0, 10)} ${row.metric}`, row._sum.count]));
  return days.map((day) => ({ day, of: (metric: DashboardMetric) => counts.get(`${day} ${metric}`) ?? 0 }));
}
