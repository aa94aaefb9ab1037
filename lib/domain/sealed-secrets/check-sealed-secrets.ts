/**
 * What of a database is sealed under AUTH_SECRET (lib/platform/auth-secret/index.ts), and whether
 * this process's AUTH_SECRET opens it: a restore (lib/entry/cli/backup.ts) tells the operator from
 * this whether the copy has the source's secret, and what is lost without it. Nothing is made: with
 * no AUTH_SECRET set and none kept, nothing is opened (a server would make a new one, under which
 * none of it opens). Each kind is checked on a sample: every box of a database is sealed under the
 * secret its servers had.
 */
import { authSecretSource } from "@/lib/platform/auth-secret";
import { db } from "@/lib/platform/db";
import { openedBody } from "@/lib/domain/email/outbox-token-box";
import { openTotpSecret } from "@/lib/domain/two-factor/totp-secret-box";
import { openWebhookSecret } from "@/lib/domain/webhooks/webhook-secret";

const SAMPLE = 100;

/** Of one kind of sealed value: how many there are, how many of the sample were tried, and how many opened. */
export type SealedKind = { total: number; tried: number; opened: number };

export type SealedSecrets = {
  auth_secret: ReturnType<typeof authSecretSource>;
  /** true: every sealed value tried opened; false: some did not; null: none to try, so it cannot be told. */
  opens_all: boolean | null;
  webhook_signing_secrets: SealedKind;
  queued_email_links: SealedKind;
  staff_two_factor: SealedKind;
  customer_two_factor: SealedKind;
};

export async function checkSealedSecrets(): Promise<SealedSecrets> {
  const source = authSecretSource();
  const canOpen = source.from !== "none";
  const check = async (boxes: Promise<string[]>, total: Promise<number>, open: (box: string) => boolean) => {
    const sample = await boxes;
    return {
      total: await total,
      tried: canOpen ? sample.length : 0,
      opened: canOpen ? sample.filter(open).length : 0,
    };
  };
  const pendingLinks = { status: "pending" as const, tokenBox: { not: null } };
  const withTotp = { totpSecretEncrypted: { not: null } };
  const kinds = {
    webhook_signing_secrets: await check(
      db()
        .webhookEndpoint.findMany({ select: { secretBox: true }, take: SAMPLE })
        .then((rows) => rows.map((row) => row.secretBox)),
      db().webhookEndpoint.count(),
      (box) => openWebhookSecret(box) !== null,
    ),
    queued_email_links: await check(
      db()
        .emailOutbox.findMany({ where: pendingLinks, select: { tokenBox: true }, take: SAMPLE })
        .then((rows) => rows.map((row) => row.tokenBox ?? "")),
      db().emailOutbox.count({ where: pendingLinks }),
      (tokenBox) => openedBody({ html: "", text: "", tokenBox }) !== null,
    ),
    staff_two_factor: await check(
      db()
        .staff.findMany({ where: withTotp, select: { totpSecretEncrypted: true }, take: SAMPLE })
        .then((rows) => rows.map((row) => row.totpSecretEncrypted ?? "")),
      db().staff.count({ where: withTotp }),
      (box) => openTotpSecret("staff", box) !== null,
    ),
    customer_two_factor: await check(
      db()
        .customer.findMany({ where: withTotp, select: { totpSecretEncrypted: true }, take: SAMPLE })
        .then((rows) => rows.map((row) => row.totpSecretEncrypted ?? "")),
      db().customer.count({ where: withTotp }),
      (box) => openTotpSecret("customer", box) !== null,
    ),
  };
  const tried = Object.values(kinds).reduce((sum, kind) => sum + kind.tried, 0);
  const opened = Object.values(kinds).reduce((sum, kind) => sum + kind.opened, 0);
  const total = Object.values(kinds).reduce((sum, kind) => sum + kind.total, 0);
  const opensAll = !canOpen ? (total > 0 ? false : null) : tried === 0 ? null : opened === tried;
  return { auth_secret: source, opens_all: opensAll, ...kinds };
}
