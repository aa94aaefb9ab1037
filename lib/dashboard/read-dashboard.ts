/** The counts the back office's dashboard shows, read from the database. */
import { db } from "@/lib/db";

/** The numbers on the back office's first page. */
export type DashboardCounts = {
  customers: number;
  registrations_this_week: number;
  active_api_clients: number;
  pending_emails: number;
  failed_emails: number;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function dashboardCounts(now = new Date()): Promise<DashboardCounts> {
  const [customers, registrations, clients, pending, failed] = await Promise.all([
    db().customer.count(),
    db().customer.count({ where: { createdAt: { gte: new Date(now.getTime() - WEEK_MS) } } }),
    db().apiClient.count({ where: { active: true } }),
    db().emailOutbox.count({ where: { status: "pending" } }),
    db().emailOutbox.count({ where: { status: "failed" } }),
  ]);
  return {
    customers,
    registrations_this_week: registrations,
    active_api_clients: clients,
    pending_emails: pending,
    failed_emails: failed,
  };
}
