/**
 * The approval of a payment authorisation: a compact JWS (ES256, the service's current signing key,
 * `kid` in its header, `typ` sca-approval+jwt) whose claims say who approved what, for which API
 * client, how (amr; dynamic_linking true only for a passkey) and until when: `exp` is the
 * authorisation's lifetime on, at most 10 minutes. `authorization_details` has the shape of OAuth's
 * Rich Authorization Requests (RFC 9396) as open-banking APIs carry a payment_initiation.
 */
import { decodeProtectedHeader } from "jose";
import type { PaymentAuthorisation } from "@/lib/generated/prisma/client";
import type { ScaMethod } from "@/lib/generated/prisma/enums";
import { config } from "@/lib/platform/config";
import { signWithSigningKey } from "@/lib/domain/signing-keys/sign-with-signing-key";

export const APPROVAL_TYP = "sca-approval+jwt";
/** The longest an approval lives. */
export const MAX_APPROVAL_SECONDS = 600;

export type SignedApproval = { approval: string; kid: string; expiresAt: Date };

export type ApprovalFor = {
  row: PaymentAuthorisation;
  method: ScaMethod;
  /** PUBLIC_URL's origin (the service's own). */
  issuer: string;
  /** The API client's client_id. */
  audience: string;
  now: Date;
};

export async function signApproval({ row, method, issuer, audience, now }: ApprovalFor): Promise<SignedApproval> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + Math.min(MAX_APPROVAL_SECONDS, config().SCA_AUTHORISATION_TTL_SECONDS);
  const approval = await signWithSigningKey(APPROVAL_TYP, {
    iss: issuer,
    sub: String(row.customerId),
    aud: audience,
    jti: row.id,
    iat,
    exp,
    amr: method === "passkey" ? ["hwk", "user"] : ["otp"],
    dynamic_linking: method === "passkey",
    authorization_details: [
      {
        type: "payment_initiation",
        instructedAmount: { currency: row.currency, amount: row.amount },
        creditorName: row.payeeName,
        creditorAccount: { iban: row.payeeIban },
        ...(row.reference ? { remittanceInformationUnstructured: row.reference } : {}),
      },
    ],
  });
  return { approval, kid: decodeProtectedHeader(approval).kid as string, expiresAt: new Date(exp * 1000) };
}
