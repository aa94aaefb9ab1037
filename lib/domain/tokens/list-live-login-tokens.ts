/** A customer's sessions (live-login-token.ts: one row per chain of access and refresh tokens), newest first, with the name of the API client each went to. */
import { db } from "@/lib/platform/db";
import { liveLoginTokensOf } from "./live-login-token";

export async function listLiveLoginTokens(customer: { id: number; credentialsVersion: number }, now = new Date()) {
  return db().loginToken.findMany({
    where: liveLoginTokensOf(customer, now),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      createdAt: true,
      lastUsedAt: true,
      refreshedAt: true,
      ip: true,
      userAgent: true,
      fingerprint: true,
      apiClient: { select: { name: true } },
    },
  });
}
