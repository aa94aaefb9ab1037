/**
 * A compact JWS checked against the service's signing keys, retired ones included (found by the
 * header's kid): its payload when one of them signed it for `typ`, else null (an unknown key, a bad
 * signature, another use's token, a damaged or foreign one). Only ES256 is accepted.
 */
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { db } from "@/lib/platform/db";
import { SIGNING_ALGORITHM } from "./current-signing-key";

export async function verifyWithSigningKey(typ: string, jws: string): Promise<Record<string, unknown> | null> {
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== SIGNING_ALGORITHM || header.typ !== typ || typeof header.kid !== "string") return null;
    const row = await db().signingKey.findUnique({ where: { id: header.kid }, select: { publicJwk: true } });
    if (!row) return null;
    const key = await importJWK(row.publicJwk as JWK, SIGNING_ALGORITHM);
    const { payload } = await compactVerify(jws, key, { algorithms: [SIGNING_ALGORITHM] });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
