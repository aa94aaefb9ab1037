/**
 * A staff member's sign-in through next-auth's real endpoints, and their enrolment in two-factor
 * through the HTTP contract, as the sign-in page and the back office do them: what the tests
 * (test/support/staff.ts) and the memory bench (bench/memory.ts) share.
 */
import { generate } from "otplib";

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
  app: { url: string },
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

export type AdminFetch = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

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
