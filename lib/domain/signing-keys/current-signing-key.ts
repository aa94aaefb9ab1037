/**
 * The service's current signing key (ES256, jose): the oldest key not retired, made at first use.
 * Its private part is sealed under AUTH_SECRET; a key whose seal no longer opens (AUTH_SECRET
 * changed) is retired and a new one made, its public part kept so what it signed still verifies.
 * Of processes making the first key at once (a server's scheduled checkpoint and `audit verify`,
 * say), one makes it and the others use it.
 */
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { isWriteConflict } from "@/lib/platform/db/errors";
import { openWithAuthSecret, sealWithAuthSecret } from "@/lib/platform/auth-secret";
import { processGlobal } from "@/lib/platform/runtime/process-global";

export const SIGNING_ALGORITHM = "ES256";
const SEAL_PURPOSE = "signing-key";

export type SigningKeyInUse = { kid: string; privateKey: CryptoKey };

// Opened keys by kid: a key is opened (unsealed, imported) once per process.
const opened = processGlobal("signing-keys", () => new Map<string, SigningKeyInUse>());

const oldestLive = () =>
  db().signingKey.findFirst({
    where: { retiredAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

export async function currentSigningKey(): Promise<SigningKeyInUse> {
  for (;;) {
    const row = await oldestLive();
    if (!row) {
      await makeSigningKey();
      continue;
    }
    const cached = opened.get(row.id);
    if (cached) return cached;
    const privateJwk = openWithAuthSecret(SEAL_PURPOSE, row.privateKeySealed);
    if (privateJwk === null) {
      await db().signingKey.updateMany({ where: { id: row.id, retiredAt: null }, data: { retiredAt: new Date() } });
      continue;
    }
    const key = { kid: row.id, privateKey: (await importJWK(JSON.parse(privateJwk), SIGNING_ALGORITHM)) as CryptoKey };
    opened.set(row.id, key);
    return key;
  }
}

/**
 * A live key made unless there is one: serializable, so of two processes that both find none, the
 * one that commits second fails, writes nothing, and like the other then uses the key there is.
 */
async function makeSigningKey(): Promise<void> {
  const key = await newSigningKey();
  try {
    await db().$transaction(
      async (tx) => {
        if ((await tx.signingKey.count({ where: { retiredAt: null } })) === 0)
          await tx.signingKey.create({ data: key });
      },
      { isolationLevel: "Serializable" },
    );
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
  }
}

/** A new key's row: its public JWK (kid, alg, use) and its private part sealed. */
export async function newSigningKey() {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: "sig" };
  return {
    id: kid,
    publicJwk: publicJwk as Prisma.InputJsonObject,
    privateKeySealed: sealWithAuthSecret(SEAL_PURPOSE, JSON.stringify(await exportJWK(privateKey))),
  };
}
