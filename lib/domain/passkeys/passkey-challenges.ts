/**
 * WebAuthn challenges waiting for their answer (model PasskeyChallenge). The app holds a random
 * challenge_id, stored as its SHA-256; a challenge lives PASSKEY_CHALLENGE_TTL_MS, for the API client
 * (and, for a registration, the customer) it was issued to, or for the back office (no API client;
 * a staff registration's member), and is claimed (deleted) before its answer is checked, so it works
 * once even for two answers at once. The table cannot grow without bound: each new challenge deletes
 * the expired ones, and a customer or staff member keeps at most MAX_CHALLENGES_PER_CUSTOMER
 * registration challenges (the oldest go); the challenge limits
 * (limits.ts) bound the rest. (A login's challenge, which anyone may tie to an address, is left out of
 * that cap, so asking for logins with a customer's address cannot push out their registration.)
 */
import type { PasskeyChallengePurpose } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { randomToken, sha256 } from "@/lib/platform/secrets";
import { PASSKEY_CHALLENGE_TTL_MS } from "./relying-party";

/** Live challenges one customer may have: the newest stay. */
export const MAX_CHALLENGES_PER_CUSTOMER = 5;

/** challenge_id is 32 random bytes in base64url: 43 characters. A longer one is no challenge_id. */
export const MAX_CHALLENGE_ID_LENGTH = 64;

export type IssuedChallenge = { challengeId: string };

/** Whose challenge: a customer's through an API client, or the back office's (`apiClientId` null). */
export type ChallengeFor = {
  purpose: PasskeyChallengePurpose;
  apiClientId: number | null;
  customerId: number | null;
  staffId?: number;
};

/** The one account a registration's challenge is for. */
type Owner = { customerId: number } | { staffId: number };

/** Stores `challenge` (the options' own) for `owner`; returns the challenge_id the app answers with. */
export async function issuePasskeyChallenge(challenge: string, owner: ChallengeFor): Promise<IssuedChallenge> {
  const challengeId = randomToken();
  const now = new Date();
  await db().$transaction(async (tx) => {
    await tx.passkeyChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
    await tx.passkeyChallenge.create({
      data: {
        tokenHash: sha256(challengeId),
        challenge,
        ...owner,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      },
      select: { id: true },
    });
    if (owner.purpose !== "registration") return;
    const account: Owner | undefined =
      owner.customerId !== null
        ? { customerId: owner.customerId }
        : owner.staffId !== undefined
          ? { staffId: owner.staffId }
          : undefined;
    if (!account) return;
    const theirs = { ...account, purpose: owner.purpose };
    const kept = await tx.passkeyChallenge.findMany({
      where: theirs,
      orderBy: { id: "desc" },
      take: MAX_CHALLENGES_PER_CUSTOMER,
      select: { id: true },
    });
    await tx.passkeyChallenge.deleteMany({
      where: { ...theirs, id: { notIn: kept.map((row) => row.id) } },
    });
  });
  return { challengeId };
}

/**
 * The challenge behind `challengeId` if it is live and was issued for `purpose` to this API client
 * (null: the back office) and, when `owner` is given, to that customer or staff member, deleted as it
 * is read: of two claims, one gets it. Undefined otherwise.
 */
export async function claimPasskeyChallenge(
  challengeId: string,
  purpose: PasskeyChallengePurpose,
  apiClientId: number | null,
  owner?: Owner,
): Promise<{ challenge: string; customerId: number | null } | undefined> {
  if (challengeId.length > MAX_CHALLENGE_ID_LENGTH) return undefined;
  const found = await db().passkeyChallenge.findUnique({ where: { tokenHash: sha256(challengeId) } });
  if (!found) return undefined;
  const { count } = await db().passkeyChallenge.deleteMany({ where: { id: found.id } });
  const mine = found.purpose === purpose && found.apiClientId === apiClientId;
  const theirs =
    owner === undefined ||
    ("customerId" in owner ? found.customerId === owner.customerId : found.staffId === owner.staffId);
  if (count !== 1 || !mine || !theirs || found.expiresAt <= new Date()) return undefined;
  return { challenge: found.challenge, customerId: found.customerId };
}
