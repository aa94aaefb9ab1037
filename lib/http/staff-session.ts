/**
 * Staff sessions: next-auth v4 with the credentials provider and a JWT in an httpOnly, SameSite=Lax
 * cookie, marked Secure when the request came over https. A session lasts STAFF_SESSION_HOURS from
 * sign-in however active it is, and ends at once when the account is deactivated, its password
 * changes, the member signs out or an admin signs them out everywhere (the token carries the staff
 * member's credentials version, which each of those raises, lib/domain/staff/end-staff-sessions.ts, and
 * each request checks with the one staff row it reads); a database outage does not end it. A
 * member with two-factor signs in with e-mail, password and `code` (the code of the moment or a
 * recovery code); without the code, once the password was right, the sign-in answers
 * next-auth's 401 with `error=code_required` so that the page asks for it. A member with a passkey
 * signs in with it alone (the provider "passkey": `challenge_id` and the credential's JSON), which
 * satisfies two-factor.
 */
import NextAuth, { type AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode, getToken, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { authSecret } from "@/lib/platform/auth-secret";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { databaseUnreachable } from "@/lib/platform/db/outage";
import { parseBody, readBodyBytes } from "./input";
import { methodNotAllowed, serviceUnavailable } from "./errors";
import { backOfficeOrigins, linkOrigin, refuseCrossOriginWrite, servedOverHttps } from "./origin";
import { failure, newRequestId } from "./respond";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { requestAddress } from "./request-address";
import { twoFactorRequired } from "@/lib/domain/staff/staff-two-factor";
import { MAX_SIGN_IN_USER_AGENT_LENGTH } from "@/lib/domain/audit/record-sign-in";
import {
  CODE_REQUIRED,
  countStaffSignIn,
  signedInStaffOf,
  verifyStaffCredentials,
  type SignedInStaff,
  type StaffSignInAttempt,
} from "@/lib/domain/staff/sign-in-staff";
import { log } from "@/lib/platform/runtime/log";
import { endStaffSessions } from "@/lib/domain/staff/end-staff-sessions";
import {
  countStaffPasskeySignIn,
  type StaffPasskeySignIn,
  verifyStaffPasskey,
} from "@/lib/domain/passkeys/finish-staff-passkey-sign-in";
import { MAX_CREDENTIAL_ID_LENGTH } from "@/lib/domain/passkeys/passkey-credential";
import { staffPasskeySignIn as staffPasskeySignInInput } from "@/lib/domain/passkeys/staff-passkey-schemas";

declare module "next-auth" {
  interface Session {
    /** `twoFactorRequired`: the role requires two-factor; without it the member can only enrol. */
    user?: SignedInStaff & { twoFactorRequired: boolean };
  }
  interface User {
    role: SignedInStaff["role"];
    twoFactor: boolean;
    credentialsVersion: number;
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: StaffRole;
    twoFactor?: boolean;
    /** Seconds since the epoch, set at sign-in and never moved. */
    signedInAt?: number;
    /** The staff member's credentials version when the session was issued (absent: 0). */
    credentialsVersion?: number;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sessionSeconds = () => config().STAFF_SESSION_HOURS * 3600;

type AuthRouteContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's own handler for /api/auth/*. A POST from a page of another origin is refused:
 * next-auth's CSRF token is a cookie that any origin of the same site can set for this host.
 * The body is read within the limit of every body (next-auth would read any length). A sign-in
 * attempt is counted before next-auth sees it, and answered 429 when its e-mail or address has
 * failed too often, before any password is checked. Whatever goes wrong while checking the
 * password answers a fixed 503, never next-auth's error redirect (which would carry the error's
 * message to the browser).
 */
export async function handleAuthRequest(request: NextRequest, context: AuthRouteContext): Promise<Response> {
  const requestId = newRequestId();
  const { nextauth } = await context.params;
  // A sign-in is a POST: next-auth answers any other method of its callback with its error's text.
  if (nextauth[0] === "callback" && request.method !== "POST") return failure(methodNotAllowed(["POST"]), requestId);
  let authRequest = request;
  let signIn: StaffSignInAttempt | undefined;
  let passkeySignIn: StaffPasskeySignIn | undefined;
  if (request.method === "POST") {
    try {
      refuseCrossOriginWrite(request);
      const body = await readBodyBytes(request);
      authRequest = new NextRequest(request, { body });
      // Every POST to a callback: next-auth runs the credentials check for callback/credentials[/…],
      // the passkey's for callback/passkey (counted by the credential it names).
      if (nextauth[0] === "callback") {
        const { email, credential } = parseBody(request.headers.get("content-type"), body);
        const source = {
          ip: requestAddress(request.headers),
          userAgent: (request.headers.get("user-agent") ?? "").slice(0, MAX_SIGN_IN_USER_AGENT_LENGTH),
        };
        if (nextauth[1] === "passkey") {
          passkeySignIn = await countStaffPasskeySignIn(sentCredentialId(credential), source);
        } else {
          signIn = await countStaffSignIn(typeof email === "string" ? email : "", source);
        }
      }
    } catch (error) {
      return failure(error, requestId);
    }
  }
  const check = { failed: false };
  const response = await NextAuth(
    authRequest,
    context,
    staffAuthOptions(authRequest, { signIn, passkeySignIn }, check, requestId),
  );
  return check.failed ? failure(serviceUnavailable(), requestId) : response;
}

/** The credential JSON's `id` as sent in the passkey sign-in's form (bounded), or "" for none. */
function sentCredentialId(credential: unknown): string {
  const id = parsedCredential(credential)?.id;
  return typeof id === "string" ? id.slice(0, MAX_CREDENTIAL_ID_LENGTH) : "";
}

/** The passkey sign-in's `credential` field, JSON text in the form: its object, or undefined. */
function parsedCredential(credential: unknown): Record<string, unknown> | undefined {
  if (typeof credential !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(credential);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The attempts the limits counted before next-auth runs: a password's, or a passkey's. */
type CountedSignIn = { signIn?: StaffSignInAttempt; passkeySignIn?: StaffPasskeySignIn };

function staffAuthOptions(
  request: NextRequest,
  { signIn, passkeySignIn }: CountedSignIn,
  check: { failed: boolean },
  requestId: string,
): AuthOptions {
  // next-auth v4 builds its URLs (redirects, callbackUrl checks) on NEXTAUTH_URL, else on the
  // request's X-Forwarded-Host or Host when AUTH_TRUST_HOST is set: always on ours.
  process.env.NEXTAUTH_URL = linkOrigin();
  return {
    secret: authSecret(),
    useSecureCookies: servedOverHttps(request.headers),
    session: { strategy: "jwt", maxAge: sessionSeconds() },
    jwt: { maxAge: sessionSeconds() },
    // The back office has its own sign-in page; next-auth's built-in ones are not used.
    pages: { signIn: "/admin", error: "/admin" },
    providers: [
      CredentialsProvider({
        name: "Staff",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Two-factor code", type: "text" },
        },
        authorize: async (credentials) => {
          // No password is checked for an attempt the limits did not count.
          const { email, password, code } = (credentials ?? {}) as Record<string, unknown>;
          if (!signIn || typeof email !== "string" || typeof password !== "string" || !email || !password) return null;
          if (code !== undefined && typeof code !== "string") return null;
          let staff: Awaited<ReturnType<typeof verifyStaffCredentials>>;
          try {
            staff = await verifyStaffCredentials(signIn, email, password, code);
          } catch (error) {
            log().error({ err: error, req_id: requestId }, "staff sign-in failed");
            check.failed = true;
            return null;
          }
          // next-auth answers a thrown error with 401 and `error=<its message>`.
          if (staff === CODE_REQUIRED) throw new Error(CODE_REQUIRED);
          return staff && { ...staff, id: String(staff.id) };
        },
      }),
      // A passkey alone (lib/domain/passkeys/finish-staff-passkey-sign-in.ts): no password, no code.
      CredentialsProvider({
        id: "passkey",
        name: "Passkey",
        credentials: {
          challenge_id: { label: "Challenge", type: "text" },
          credential: { label: "Credential (JSON)", type: "text" },
        },
        authorize: async (credentials) => {
          const sent = (credentials ?? {}) as Record<string, unknown>;
          const input = staffPasskeySignInInput.safeParse({
            challenge_id: sent.challenge_id,
            credential: parsedCredential(sent.credential),
          });
          // No assertion is checked for an attempt the limits did not count; a malformed one stays counted.
          if (!passkeySignIn || !input.success) return null;
          let staff: Awaited<ReturnType<typeof verifyStaffPasskey>>;
          try {
            staff = await verifyStaffPasskey(passkeySignIn, input.data, backOfficeOrigins(request.headers));
          } catch (error) {
            log().error({ err: error, req_id: requestId }, "staff passkey sign-in failed");
            check.failed = true;
            return null;
          }
          return staff && { ...staff, id: String(staff.id) };
        },
      }),
    ],
    events: {
      // Only for a sign-out next-auth carries out (its CSRF token checked). Should the session not
      // end on the server, the sign-out answers the fixed 503 and the cookie stays.
      async signOut({ token }) {
        try {
          const staff = await staffForToken(token);
          if (!staff) return;
          const signingOut = token.credentialsVersion ?? 0;
          await endStaffSessions({ id: staff.id, actor: { staffId: staff.id }, signingOut });
        } catch (error) {
          log().error({ err: error, req_id: requestId }, "staff sign-out failed");
          check.failed = true;
        }
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          return {
            ...token,
            role: user.role,
            twoFactor: user.twoFactor,
            signedInAt: nowSeconds(),
            credentialsVersion: user.credentialsVersion,
          };
        }
        let staff: SignedInStaff | null;
        try {
          staff = await staffForToken(token);
        } catch (error) {
          // The database cannot be reached: the session stays as it is (the admin API answers 503
          // meanwhile) and is checked again on the first request once the database answers.
          if (databaseUnreachable(error)) return token;
          throw error;
        }
        // Thrown, next-auth clears the cookie and answers an empty session.
        if (!staff) throw new Error("The staff session has expired or the account was deactivated");
        return { ...token, name: staff.name, email: staff.email, role: staff.role, twoFactor: staff.twoFactor };
      },
      session({ token }) {
        const user = {
          id: Number(token.sub),
          email: token.email ?? "",
          name: token.name ?? "",
          role: token.role!,
          twoFactor: !!token.twoFactor,
          twoFactorRequired: twoFactorRequired(token.role!),
        };
        return { user, expires: new Date(((token.signedInAt ?? 0) + sessionSeconds()) * 1000).toISOString() };
      },
    },
  };
}

/** The staff member signed in on this request, or null: no cookie, a bad one, expired or deactivated. */
export async function signedInStaff(request: NextRequest): Promise<SignedInStaff | null> {
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: servedOverHttps(request.headers) });
  return staffForToken(token);
}

async function staffForToken(token: JWT | null): Promise<SignedInStaff | null> {
  const id = Number(token?.sub);
  if (!token || !Number.isSafeInteger(id) || !token.signedInAt) return null;
  if (nowSeconds() - token.signedInAt >= sessionSeconds()) return null;
  const staff = await db().staff.findUnique({ where: { id } });
  if (!staff?.active || staff.credentialsVersion !== (token.credentialsVersion ?? 0)) return null;
  return signedInStaffOf(staff);
}

/** next-auth's session cookie, with the prefix it takes over https. */
const sessionCookieName = (secure: boolean) => `${secure ? "__Secure-" : ""}next-auth.session-token`;

/**
 * After the signed-in member changed their own password (credentials version now
 * `credentialsVersion`): `response` with this request's session cookie issued again under the new
 * version, so this session carries on while every other one has ended. Its sign-in time, and so
 * its end, stay as they were.
 */
export async function keepStaffSession(
  request: NextRequest,
  response: Response,
  credentialsVersion: number,
): Promise<Response> {
  const secure = servedOverHttps(request.headers);
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: secure });
  if (!token?.signedInAt) return response;
  const maxAge = token.signedInAt + sessionSeconds() - nowSeconds();
  if (maxAge <= 0) return response;
  const value = await encode({ token: { ...token, credentialsVersion }, secret: authSecret(), maxAge });
  const attributes = [`Path=/`, `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  response.headers.append("Set-Cookie", `${sessionCookieName(secure)}=${value}; ${attributes.join("; ")}`);
  return response;
}
