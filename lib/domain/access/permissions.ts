/**
 * Who may do what in the back office. The server enforces this table on every admin API call; the
 * browser reads the same table to show only what the signed-in role may use. No server imports
 * (the generated enums are plain objects, safe in the browser).
 */
import { StaffRole } from "@/lib/generated/prisma/enums";

export const ADMIN_RESOURCES = [
  "dashboard",
  "settings",
  "locales",
  "timezones",
  "countries",
  "clients",
  "customers",
  "staff",
  "audit-log",
  // The audit log's export for a date range (/api/admin/audit-log/export).
  "audit-log-export",
  "outbox",
  // Retention's runs (issue 28): when it last ran, what it did, when it runs next.
  "retention",
  // The signed-in member's own two-factor enrolment (/api/admin/me/mfa/*).
  "two-factor",
  "me",
  // Screening (issue 41): the sanctions and PEP lists, their imports, and the search against them.
  "screening/lists",
  // Screening (issue 41): the possible matches and their decisions, and the re-screens' progress.
  "screening/matches",
  "screening/runs",
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

export type Access = "read" | "write";

const EVERYONE: StaffRole[] = Object.values(StaffRole);
const OPERATIONS: StaffRole[] = ["admin", "operations"];
const COMPLIANCE: StaffRole[] = ["admin", "compliance"];
const ADMIN: StaffRole[] = ["admin"];
const NOBODY: StaffRole[] = [];

const ACCESS: Record<AdminResource, Record<Access, StaffRole[]>> = {
  dashboard: { read: EVERYONE, write: NOBODY },
  settings: { read: OPERATIONS, write: OPERATIONS },
  locales: { read: OPERATIONS, write: OPERATIONS },
  timezones: { read: OPERATIONS, write: OPERATIONS },
  // Every role reads the countries (compliance names a customer's countries and picks one to filter by);
  // operations may write only the source-country flag: see mayEditCountryDetails.
  countries: { read: EVERYONE, write: OPERATIONS },
  clients: { read: OPERATIONS, write: ADMIN },
  // Writing a customer is the compliance actions (block, unblock, sign out everywhere, legal hold): no edit form.
  customers: { read: COMPLIANCE, write: COMPLIANCE },
  staff: { read: ADMIN, write: ADMIN },
  "audit-log": { read: COMPLIANCE, write: NOBODY },
  // The export is a POST (it records itself): a write, for admins.
  "audit-log-export": { read: ADMIN, write: ADMIN },
  // Compliance reads the customers' e-mails only (mayReadStaffEmails), their links hidden as for everyone; re-sending is operations'.
  outbox: { read: EVERYONE, write: OPERATIONS },
  // Read only: runs start on the schedule or from the command line, never from the back office.
  retention: { read: COMPLIANCE, write: NOBODY },
  "two-factor": { read: EVERYONE, write: EVERYONE },
  // The signed-in member's own account (/api/admin/me/*): their password.
  me: { read: EVERYONE, write: EVERYONE },
  // Imports and the search (a POST: it takes a person's details in its body) are compliance's and admins'.
  "screening/lists": { read: COMPLIANCE, write: COMPLIANCE },
  // What screening found stays with compliance (tipping off): operations neither see nor decide it.
  "screening/matches": { read: COMPLIANCE, write: COMPLIANCE },
  // Read only: a re-screen starts when a list's version changes.
  "screening/runs": { read: COMPLIANCE, write: NOBODY },
};

export function isAdminResource(value: unknown): value is AdminResource {
  return ADMIN_RESOURCES.includes(value as AdminResource);
}

export function may(role: StaffRole, resource: AdminResource, access: Access): boolean {
  return ACCESS[resource][access].includes(role);
}

/** The staff members' own e-mails in the outbox (their password-reset links), and the outbox's figures: operations and admin. */
export function mayReadStaffEmails(role: StaffRole): boolean {
  return OPERATIONS.includes(role);
}

/** Country names, codes and dialling codes are admin-only; the source flag is not. */
export function mayEditCountryDetails(role: StaffRole): boolean {
  return role === "admin";
}

// Everything else is kept for the record: deactivated, revoked or edited, never deleted.
const DELETABLE: AdminResource[] = ["locales", "timezones"];

/** For the browser: react-admin's actions (list, show, edit, create, delete, export, …) on a resource. */
export function mayTakeAction(role: StaffRole, resource: AdminResource, action: string): boolean {
  if (action === "delete" && !DELETABLE.includes(resource)) return false;
  return may(role, resource, ["list", "show", "export", "read"].includes(action) ? "read" : "write");
}
