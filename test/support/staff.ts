import { db } from "@/lib/platform/db";
import { twoFactorRequired } from "@/lib/domain/staff/staff-two-factor";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import type { StaffRole as Role } from "@/lib/generated/prisma/enums";
import type { ReviewView } from "@/lib/domain/customer-compliance/kyc-review";
import { type AdminFetch, enrolTwoFactor, signIn } from "@/tooling/staff-sign-in";
import type { TestApp } from "./app";

export { CookieJar, enrolTwoFactor, type SignInAttempt, signIn, totpCode } from "@/tooling/staff-sign-in";

/** Staff accounts made straight in the database, and signed in through next-auth's real endpoints. */
export const STAFF_PASSWORD = "staff password 123";

let counter = 0;

export async function makeStaff(role: Role, options: { active?: boolean; password?: string } = {}) {
  counter += 1;
  return db().staff.create({
    data: {
      email: `${role}.${process.pid}.${counter}@staff.example.org`,
      name: `Test ${role} ${counter}`,
      role,
      active: options.active ?? true,
      passwordHash: await hashPassword(options.password ?? STAFF_PASSWORD),
    },
  });
}

/**
 * A signed-in staff member of `role` and a fetch for /api/admin that carries their session. Like
 * the back office, it says every write is JSON, even one without a body, unless told otherwise.
 * When STAFF_MFA_REQUIRED_ROLES holds the role, the member enrols in two-factor first (`twoFactor`
 * then has the secret), or is left held at enrolment with `{ enrol: false }`.
 */
export async function staffSession(app: TestApp, role: Role, options: { enrol?: boolean } = {}) {
  const staff = await makeStaff(role);
  const { jar, status } = await signIn(app, staff.email, STAFF_PASSWORD);
  if (status !== 200) throw new Error(`sign-in as ${role} failed with ${status}`);
  const request: AdminFetch = (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("Cookie", jar.header());
    const writes = !["GET", "HEAD"].includes((rest.method ?? "GET").toUpperCase());
    if (json !== undefined || (writes && !headers.has("Content-Type"))) headers.set("Content-Type", "application/json");
    return fetch(`${app.url}${path}`, {
      ...rest,
      headers,
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  };
  const twoFactor = twoFactorRequired(role) && options.enrol !== false ? await enrolTwoFactor(request) : undefined;
  return { staff, jar, request, twoFactor };
}

/**
 * What the customer's page shows of customer `id`'s profile and review now, through `request` (a
 * staff session's fetch): what a KYC decision or risk rating is taken on, and sends.
 */
export async function reviewView(request: AdminFetch, id: number | string): Promise<ReviewView> {
  const response = await request(`/api/admin/customers/${id}`);
  if (response.status !== 200) throw new Error(`reading customer ${id} answered ${response.status}`);
  const { profile_updated_at, review_version } = await response.json();
  return { profile_updated_at, review_version };
}
