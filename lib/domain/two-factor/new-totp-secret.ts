/** A new TOTP secret and the otpauth:// URL an authenticator app scans to add it. */
import { generateSecret, generateURI } from "otplib";

export type TotpEnrolment = { secret: string; otpauth_url: string };

/** `issuer`: the name the app lists it under; `label`: the account's e-mail address. */
export function newTotpSecret(issuer: string, label: string): TotpEnrolment {
  const secret = generateSecret();
  return { secret, otpauth_url: generateURI({ issuer, label, secret }) };
}
