/**
 * What the back office's first page shows, read from the database: counts and, for those who may
 * read customers, the account activity of the last 30 days, day by day. Each role gets only the
 * figures of the resources it may read (lib/access/permissions.ts).
 */
import { Prisma } from "@/lib/generated/prisma/client";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { may } from "@/lib/access/permissions";
import { settingsArePlaceholders } from "@/lib/reference-data/read-settings";

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
  /** The last 30 days, oldest first, today included, every day present. */
  activity?: ActivityDay[];
  active_api_clients?: number;
  pending_emails?: number;
  failed_emails?: number;
  /** For those who edit the settings: true while they are still the seed's placeholders. */
  placeholder_settings?: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const ACTIVITY_DAYS = 30;

export async function readDashboard(role: StaffRole, now = new Date()): Promise<Dashboard> {
  const [customers, clients, outbox, placeholders] = await Promise.all([
    may(role, "customers", "read") ? customerFigures(now) : undefined,
    may(role, "clients", "read") ? db().apiClient.count({ where: { active: true } }) : undefined,
    may(role, "outbox", "read") ? outboxFigures() : undefined,
    may(role, "settings", "write") ? settingsArePlaceholders() : undefined,
  ]);
  return { ...customers, active_api_clients: clients, ...outbox, placeholder_settings: placeholders };
}

async function customerFigures(now: Date) {
  const [customers, registrations, activity] = await Promise.all([
    db().customer.count(),
    db().customer.count({ where: { createdAt: { gte: new Date(now.getTime() - 7 * DAY_MS) } } }),
    accountActivity(now),
  ]);
  return { customers, registrations_this_week: registrations, activity };
}

async function outboxFigures() {
  const [pending, failed] = await Promise.all([
    db().emailOutbox.count({ where: { status: "pending" } }),
    db().emailOutbox.count({ where: { status: "failed" } }),
  ]);
  return { pending_emails: pending, failed_emails: failed };
}

type ActivityRow = { day: string; registrations: bigint; logins: bigint; failed_logins: bigint; rate_limited: bigint };

/**
 * The account events of the last 30 UTC days counted per day in the database: Prisma's groupBy
 * cannot group by a day, and reading every event of a month to count them here would move
 * every login of the month. Days without events are filled in with zeros.
 */
export async function accountActivity(now = new Date()): Promise<ActivityDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, index) =>
    new Date(today - (ACTIVITY_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
  const rows = await db().$queryRaw<ActivityRow[]>(
    accountActivityStatement(new Date(today - (ACTIVITY_DAYS - 1) * DAY_MS)),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      registrations: Number(row?.registrations ?? 0),
      logins: Number(row?.logins ?? 0),
      failed_logins: Number(row?.failed_logins ?? 0),
      rate_limited: Number(row?.rate_limited ?? 0),
    };
  });
}

/** Exported for its test against the migrated schema (test/raw-statements.test.ts). */
export function accountActivityStatement(since: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day,
           count(*) FILTER (WHERE type = 'register' AND outcome = 'success') AS registrations,
           count(*) FILTER (WHERE type = 'login' AND outcome = 'success') AS logins,
           count(*) FILTER (WHERE type = 'login_failed') AS failed_logins,
           count(*) FILTER (WHERE outcome = 'rate_limited') AS rate_limited
    FROM customer_events
    WHERE created_at >= ${since}
    GROUP BY 1`;
}
