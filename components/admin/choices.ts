/**
 * The closed sets of values the server also knows, as react-admin choices (`{ id, name }`), in one
 * place for every resource's selects and fields. Staff roles and audited resources come from the
 * permissions table the server enforces. The other lists repeat, for now, values the server stores
 * as plain strings; a later change derives them from the Prisma enums generated into
 * lib/generated/prisma/enums.
 */
import { ADMIN_RESOURCES, ROLES } from "@/lib/staff/permissions";

/** How a customer account came to be (`customers.source`). */
export const CUSTOMER_SOURCES = [
  { id: "api", name: "Registered through the API" },
  { id: "import", name: "Imported" },
];

/** What happened to a customer account (`customer_events.type`). */
export const CUSTOMER_EVENT_TYPES = [
  { id: "register", name: "Registration" },
  { id: "login", name: "Login" },
  { id: "login_failed", name: "Failed login" },
  { id: "forgot_password", name: "Reset requested" },
  { id: "password_reset", name: "Password reset" },
  { id: "email_verified", name: "E-mail verified" },
  { id: "logout", name: "Logout" },
];

/** Where an e-mail in the outbox stands (`email_outbox.status`). */
export const OUTBOX_STATUSES = [
  { id: "pending", name: "Pending" },
  { id: "sent", name: "Sent" },
  { id: "failed", name: "Failed" },
];

/** A staff account's role, named with a capital. */
export const STAFF_ROLES = ROLES.map((role) => ({ id: role, name: role[0].toUpperCase() + role.slice(1) }));

/** What an audit-log entry can be about: every admin resource but the dashboard, which changes nothing. */
export const AUDITED_RESOURCES = ADMIN_RESOURCES.filter((resource) => resource !== "dashboard").map((id) => ({ id, name: id }));
