/**
 * The re-screen: when a list's version changes, every customer who has submitted a profile is
 * screened again (ongoing monitoring), in the background. A run covers the versions it was started
 * for (`versions_key`, unique: of the processes that see a new version, one starts it); a newer
 * version supersedes a run not yet finished. One process at a time holds a run through its lease,
 * renewed at every batch, and the run's keyset cursor over customer ids says where the next batch
 * starts: a run whose process died is taken up where it stopped once the lease lapses.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { SCREENED_COLUMNS, screenCustomers } from "./screen-customers";

/** How long a run is held without a batch finishing: a lapsed lease lets another process take it up. */
export const SCREENING_RUN_LEASE_MS = 15_000;
const BATCH_SIZE = 1000;
/** A pass stops taking batches after this long (the next pass goes on), so a shutdown waits for one batch at most this much. */
const PASS_BUDGET_MS = 5_000;

/** Who holds a lease: this process. */
const HOLDER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 100);

/** The customers a re-screen covers: a submitted profile, an open account. */
export const RESCREENED: Prisma.CustomerWhereInput = { kycStatus: { not: "not_submitted" }, closedAt: null };

/** Starts a run if the lists' versions are not those of the latest run, then takes a run's next batches. */
export async function runScreening(now = () => new Date()): Promise<void> {
  await startRunOnNewVersions();
  await continueRun(now);
}

async function startRunOnNewVersions(): Promise<void> {
  const lists = await db().screeningList.findMany({
    where: { version: { gt: 0 } },
    select: { name: true, version: true },
    orderBy: { name: "asc" },
  });
  if (lists.length === 0) return;
  const versionsKey = lists.map(({ name, version }) => `${name}=${version}`).join(",");
  const latest = await db().screeningRun.findFirst({ orderBy: { id: "desc" }, select: { versionsKey: true } });
  if (latest?.versionsKey === versionsKey) return;
  const total = await db().customer.count({ where: RESCREENED });
  const listVersions = Object.fromEntries(lists.map(({ name, version }) => [name, version]));
  const { count } = await db().screeningRun.createMany({
    data: [{ versionsKey, listVersions, total }],
    skipDuplicates: true,
  });
  if (count === 0) return;
  await db().screeningRun.updateMany({
    where: { status: "running", versionsKey: { not: versionsKey } },
    data: { status: "superseded", finishedAt: new Date(), leasedUntil: null },
  });
}

async function continueRun(now: () => Date): Promise<void> {
  const run = await db().screeningRun.findFirst({
    where: { status: "running" },
    orderBy: { id: "desc" },
    select: { id: true, cursor: true },
  });
  if (!run) return;
  const leased = (at: Date) => new Date(at.getTime() + SCREENING_RUN_LEASE_MS);
  const start = now();
  const { count } = await db().screeningRun.updateMany({
    where: {
      id: run.id,
      status: "running",
      OR: [{ leasedBy: HOLDER }, { leasedUntil: null }, { leasedUntil: { lt: start } }],
    },
    data: { leasedBy: HOLDER, leasedUntil: leased(start) },
  });
  if (count === 0) return;
  let cursor = run.cursor;
  while (now().getTime() - start.getTime() < PASS_BUDGET_MS) {
    const batch = await db().customer.findMany({
      where: { ...RESCREENED, id: { gt: cursor } },
      orderBy: { id: "asc" },
      take: BATCH_SIZE,
      select: SCREENED_COLUMNS,
    });
    const held = { id: run.id, status: "running" as const, leasedBy: HOLDER };
    if (batch.length === 0) {
      await db().screeningRun.updateMany({
        where: held,
        data: { status: "finished", finishedAt: now(), leasedUntil: null },
      });
      return;
    }
    const opened = await screenCustomers(batch);
    cursor = batch[batch.length - 1].id;
    const moved = await db().screeningRun.updateMany({
      where: held,
      data: {
        cursor,
        screened: { increment: batch.length },
        matchesOpened: { increment: opened },
        leasedUntil: leased(now()),
      },
    });
    // Superseded, or the lease lapsed and another process took the run: it carries on from there.
    if (moved.count === 0) return;
  }
}
