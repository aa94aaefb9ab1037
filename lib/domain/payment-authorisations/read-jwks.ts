/**
 * The JSON Web Key Set a payment backend verifies approvals against (GET /.well-known/jwks.json):
 * the public part of every live signing key, and of each retired key while an approval it signed
 * has not expired. Each key as made (EC P-256, kid, alg ES256, use sig); never a private part.
 */
import type { JWK } from "jose";
import { db } from "@/lib/platform/db";

const PUBLIC_MEMBERS = ["kty", "crv", "x", "y", "kid", "alg", "use"] as const;

export async function readJwks(now = new Date()): Promise<{ keys: JWK[] }> {
  const rows = await db().signingKey.findMany({
    where: {
      OR: [
        { retiredAt: null },
        {
          id: {
            in: (
              await db().paymentAuthorisation.findMany({
                where: { approvalExpiresAt: { gt: now }, signingKeyId: { not: null } },
                distinct: ["signingKeyId"],
                select: { signingKeyId: true },
              })
            ).map((row) => row.signingKeyId as string),
          },
        },
      ],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { publicJwk: true },
  });
  // Only the public members, whatever the stored JWK holds.
  const keys = rows.map(({ publicJwk }) => {
    const jwk = publicJwk as JWK;
    return Object.fromEntries(PUBLIC_MEMBERS.flatMap((name) => (jwk[name] === undefined ? [] : [[name, jwk[name]]])));
  });
  return { keys };
}
