/**
 * A new current signing key (`npm run -s cli -- signing-keys rotate`): made, and every other live
 * key retired in the same transaction, so what is signed from now on names the new kid. A retired
 * key's public part stays: what it signed still verifies (verify-with-signing-key.ts), and the JWKS
 * keeps it while an approval it signed is live.
 */
import { db } from "@/lib/platform/db";
import { newSigningKey } from "./current-signing-key";

export async function rotateSigningKey(): Promise<{ kid: string; retired: string[] }> {
  const key = await newSigningKey();
  return db().$transaction(async (tx) => {
    const retiring = await tx.signingKey.findMany({ where: { retiredAt: null }, select: { id: true } });
    await tx.signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: new Date() } });
    await tx.signingKey.create({ data: key });
    return { kid: key.id, retired: retiring.map((row) => row.id) };
  });
}
