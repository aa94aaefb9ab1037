/**
 * Starts (or starts again) a staff member's own two-factor enrolment: a new secret, kept encrypted
 * as pending until a code confirms it (./confirm-two-factor.ts). A two-factor already confirmed
 * stays in force meanwhile. Audited, without the secret. Authenticator apps list it under the
 * back office's name ("<trading name> back office").
 */
import { generateSecret, generateURI } from "otplib";
import { auditedChange } from "@/lib/audit/audited-change";
import { backOfficeName } from "@/lib/reference-data/back-office-name";
import { currentBusinessDetails } from "@/lib/reference-data/read-settings";
import { sealTotpSecret } from "./totp-secret-box";

export type TwoFactorEnrolment = { secret: string; otpauth_url: string };

export async function startTwoFactorEnrolment(staffId: number): Promise<TwoFactorEnrolment> {
  const secret = generateSecret();
  const issuer = backOfficeName((await currentBusinessDetails()).trading_name);
  return auditedChange({ staffId }, [], async (tx) => {
    const staff = await tx.staff.update({
      where: { id: staffId },
      data: { totpPendingSecretEncrypted: sealTotpSecret(secret) },
    });
    return {
      result: { secret, otpauth_url: generateURI({ issuer, label: staff.email, secret }) },
      audit: { action: "two_factor_enrolment_started", resource: "staff", resourceId: staffId },
    };
  });
}
