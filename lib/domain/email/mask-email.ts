/**
 * "anything@example.org" → "an******@example.org": the start of the local part, asterisks for
 * the rest, the domain as it is. A one- or two-character local part keeps only its first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const kept = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, kept)}${"*".repeat(Math.max(0, local.length - kept))}${email.slice(at)}`;
}
