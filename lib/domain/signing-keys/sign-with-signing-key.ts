/**
 * A payload signed with the service's current key: a compact JWS (ES256), its protected header
 * naming the key (`kid`) and what the payload is (`typ`), so a token signed for one use is never
 * taken for another's (verify-with-signing-key.ts checks it).
 */
import { CompactSign } from "jose";
import { currentSigningKey, SIGNING_ALGORITHM } from "./current-signing-key";

export async function signWithSigningKey(typ: string, payload: Record<string, unknown>): Promise<string> {
  const { kid, privateKey } = await currentSigningKey();
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ })
    .sign(privateKey);
}
