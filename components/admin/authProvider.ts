/**
 * react-admin's auth provider over next-auth's endpoints (/api/auth/*). The server checks every
 * call; `canAccess` only decides what the menu and buttons show, from the same table.
 */
import type { AuthProvider } from "react-admin";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { isAdminResource, mayTakeAction } from "@/lib/domain/access/permissions";

type StaffSession = {
  user: { id: number; email: string; name: string; role: StaffRole; twoFactor: boolean; twoFactorRequired: boolean };
  expires: string;
};

/** The password was right; the member signs in with two-factor, so the page asks for the code. */
export class CodeRequired extends Error {}

/** A member whose role requires two-factor and who has none yet: the back office shows only enrolment. */
export const heldForEnrolment = (session: StaffSession | null) =>
  !!session && session.user.twoFactorRequired && !session.user.twoFactor;

/** Reads the session again at the next question (after enrolling, say). */
export function forgetSession(): void {
  cached = undefined;
}

// react-admin asks for the session on every navigation and for every menu item and button.
const SESSION_REUSE_MS = 5_000;
let cached: { at: number; session: Promise<StaffSession | null> } | undefined;

function currentSession(): Promise<StaffSession | null> {
  if (!cached || Date.now() - cached.at > SESSION_REUSE_MS) {
    const session = fetch("/api/auth/session", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => (body?.user ? (body as StaffSession) : null));
    cached = { at: Date.now(), session };
  }
  return cached.session;
}

async function postToNextAuth(path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = await (await fetch("/api/auth/csrf", { cache: "no-store" })).json();
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken, json: "true" }),
  });
  // Only now: a session read while the POST was on its way would be cached as the old one.
  cached = undefined;
  return response;
}

async function signInError(response: Response): Promise<string | null> {
  const body = await response.json().catch(() => null);
  return typeof body?.url === "string" ? new URL(body.url, window.location.href).searchParams.get("error") : null;
}

export const authProvider: AuthProvider = {
  // With `code` (two-factor or recovery code) on the second step; next-auth answers 401 with
  // error=code_required, only after a right password, when the member needs one.
  // Or `passkey`: the sign-in page's assertion (challenge_id and the credential's JSON), alone.
  async login({
    email,
    password,
    code,
    passkey,
  }: {
    email?: string;
    password?: string;
    code?: string;
    passkey?: { challenge_id: string; credential: unknown };
  }) {
    if (passkey) {
      const response = await postToNextAuth("/api/auth/callback/passkey", {
        challenge_id: passkey.challenge_id,
        credential: JSON.stringify(passkey.credential),
      });
      if (response.status === 429)
        throw new Error("Too many failed attempts. Please wait a few minutes and try again.");
      if (response.status === 503)
        throw new Error("Signing in is not possible just now. Please try again in a minute.");
      if (!response.ok || !(await currentSession())) throw new Error("This passkey could not sign you in.");
      return;
    }
    if (email === undefined || password === undefined) throw new Error("Enter your e-mail address and password.");
    const response = await postToNextAuth("/api/auth/callback/credentials", {
      email,
      password,
      ...(code === undefined ? {} : { code }),
    });
    if (response.status === 429) throw new Error("Too many failed attempts. Please wait a few minutes and try again.");
    if (response.status === 503) throw new Error("Signing in is not possible just now. Please try again in a minute.");
    if (response.status === 401 && code === undefined && (await signInError(response)) === "code_required") {
      throw new CodeRequired("Enter the code from your authenticator app.");
    }
    if (code !== undefined && (!response.ok || !(await currentSession()))) {
      throw new Error("This code is not right, or was already used.");
    }
    if (!response.ok || !(await currentSession())) throw new Error("Incorrect e-mail address or password.");
  },

  async logout() {
    await postToNextAuth("/api/auth/signout", {});
  },

  async checkAuth() {
    if (!(await currentSession())) throw new Error("Please sign in.");
  },

  // 401: the session ended (expired, signed out elsewhere, deactivated); 403 is only a refusal,
  // but mfa_required (the member's role came to require two-factor) turns the page into the set-up.
  async checkError(error: { status?: number; body?: { type?: string } }) {
    if (error?.status === 401) {
      cached = undefined;
      throw new Error("Your session has ended. Please sign in again.");
    }
    if (error?.status === 403 && error.body?.type === "mfa_required") {
      cached = undefined;
      window.location.assign("/admin");
    }
  },

  async getIdentity() {
    const session = await currentSession();
    if (!session) throw new Error("Please sign in.");
    return {
      id: session.user.id,
      fullName: `${session.user.name} (${session.user.role})`,
      email: session.user.email,
      twoFactor: session.user.twoFactor,
      heldForEnrolment: heldForEnrolment(session),
    };
  },

  async getPermissions() {
    return (await currentSession())?.user.role;
  },

  async canAccess({ action, resource }) {
    const session = await currentSession();
    return (
      !!session &&
      !heldForEnrolment(session) &&
      isAdminResource(resource) &&
      mayTakeAction(session.user.role, resource, action)
    );
  },
};
