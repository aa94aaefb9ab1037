/**
 * What a retention run takes (docs/security.md, "Data retention"): its cutoff, the closed accounts due for
 * pseudonymisation, those a legal hold keeps, and the old events of open accounts that still carry
 * an address, a browser or a device. The dry run counts these, the run works through them: one
 * definition, so both say the same.
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/platform/config";

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/**
 * `now` less RETENTION_YEARS: accounts closed before it, and events older than it, are in scope. Whole
 * years are calendar years (28 November 2026 less 5 is 28 November 2021, as a person counts them; 29
 * February less one is 1 March); a fraction of a year left over is that fraction of 365.25 days.
 */
export function retentionCutoff(now: Date): Date {
  const years = config().RETENTION_YEARS;
  const wholeYears = Math.floor(years);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - wholeYears);
  return new Date(cutoff.getTime() - (years - wholeYears) * YEAR_MS);
}

/** Closed before the cutoff, not pseudonymised yet, and no legal hold on it. */
export const dueAccounts = (cutoff: Date): Prisma.CustomerWhereInput => ({
  closedAt: { lt: cutoff },
  pseudonymisedAt: null,
  legalHoldSince: null,
});

/** Closed before the cutoff and not pseudonymised, but kept by a legal hold. */
export const heldAccounts = (cutoff: Date): Prisma.CustomerWhereInput => ({
  closedAt: { lt: cutoff },
  pseudonymisedAt: null,
  legalHoldSince: { not: null },
});

/**
 * Events older than the cutoff that still carry an address, a browser or a device, of an open
 * account without a legal hold or of no account (a failed login for an unknown address). A closed
 * account's events wait for its pseudonymisation, which takes them whole.
 */
export const eventsToStrip = (cutoff: Date): Prisma.CustomerEventWhereInput => ({
  createdAt: { lt: cutoff },
  AND: [
    { OR: [{ ip: { not: "" } }, { userAgent: { not: "" } }, { fingerprint: { not: "" } }] },
    { OR: [{ customerId: null }, { customer: { closedAt: null, legalHoldSince: null } }] },
  ],
});

/** What a run did, or what a dry run would do. */
export type RetentionCounts = {
  accounts_pseudonymised: number;
  accounts_held: number;
  events_stripped: number;
};
