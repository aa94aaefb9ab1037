/**
 * The rules a new password must pass besides its length (register, reset-password and
 * change-password): not one of the most common passwords, and not built on the e-mail address.
 */
import { fieldError } from "@/lib/platform/errors/domain-error";
import { isCommonPassword } from "./common-passwords";

/** An e-mail's local part shorter than this is too common a string to refuse in passwords. */
const MIN_SIMILAR_LENGTH = 4;

/**
 * Refuses `password` for the account `email`:
 * `too_common` when it is on the list of common passwords, whatever its case; `too_similar` when it
 * contains the e-mail's local part of 4 characters or more, whatever its case.
 */
export function checkPasswordStrength(password: string, email: string): void {
  if (isCommonPassword(password)) {
    throw fieldError("password", "too_common", "This password is too common: choose one that is harder to guess");
  }
  const local = email.slice(0, email.lastIndexOf("@")).toLowerCase();
  if (local.length >= MIN_SIMILAR_LENGTH && password.toLowerCase().includes(local)) {
    // Quoted: the part may hide inside a word ("comp" in "compliance"); only the account's owner sees it.
    throw fieldError(
      "password",
      "too_similar",
      `The password must not contain “${local}”, the part of your e-mail address before the @ (in any case)`,
    );
  }
}
