import { generate } from "otplib";
import { db } from "@/lib/platform/db";
import { twoFactorRequired } from "@/lib/domain/staff/staff-two-factor";
import { hashPassword } from "@/lib/domain/passwords/hash-password";
import type { StaffRole as Role } from "@/lib/generated/prisma/enums";
import type { TestApp } from "./app";

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

/** A browser's cookie jar, enough for next-auth: name=value pairs, later Set-Cookie lines win. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }
}

export type SignInAttempt = { status: number; body: Record<string, unknown>; jar: CookieJar; setCookie: string[] };

/**
 * GET /api/auth/csrf, then POST /api/auth/callback/credentials form-encoded, as the sign-in page
 * does; with `code` (a two-factor or recovery code) when given.
 */
export async function signIn(
  app: Pick<TestApp, "url">,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  code?: string,
): Promise<SignInAttempt> {
  const jar = new CookieJar();
  const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers });
  jar.store(csrf);
  const { csrfToken } = await csrf.json();
  const response = await fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, ...(code === undefined ? {} : { code }), json: "true" }),
    redirect: "manual",
  });
  jar.store(response);
  return { status: response.status, body: await response.json(), jar, setCookie: response.headers.getSetCookie() };
}

type AdminFetch = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** The TOTP code of `secret` for the time step `offset` steps from now. */
export const totpCode = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/**
 * Enrols the signed-in member of `request` in two-factor through the HTTP contract, as the page
 * does: POST /api/admin/me/mfa/totp, then confirm with the code of the moment.
 */
export async function enrolTwoFactor(request: AdminFetch): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await request("/api/admin/me/mfa/totp", { method: "POST", json: {} });
  if (started.status !== 200) throw new Error(`two-factor enrolment failed with ${started.status}`);
  const { secret } = await started.json();
  const confirmed = await request("/api/admin/me/mfa/totp/confirm", {
    method: "POST",
    json: { code: await totpCode(secret) },
  });
  if (confirmed.status !== 200) throw new Error(`two-factor confirmation failed with ${confirmed.status}`);
  return { secret, recoveryCodes: (await confirmed.json()).recovery_codes };
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
