/**
 * Several writes as one SQL statement: `WITH a AS (…), s1 AS (…) <last write>`. A statement is
 * atomic by itself, so the writes land together or not at all, as in a transaction, but in one
 * round trip to the database instead of BEGIN, one per write, and COMMIT. That is most of what a
 * login or a registration costs besides its password hash.
 *
 * Every write sees the database as it was before the statement; a write that needs a row made by
 * an earlier one refers to that step's `InsertedRow`, and reads its `RETURNING id` through it.
 *
 * Raw SQL is kept to the paths where the round trips were measured to matter; every other flow
 * writes with Prisma (in `$transaction` when it writes more than one row), so tsc checks its columns.
 * docs/performance.md: a login is two SQL statements where it was six, and a
 * registration two where it was eight; for 80 % of the hashing ceiling everything besides the
 * password hash must fit in 1.9–2.3 ms, and a statement through Prisma is a message to the
 * database's thread or server each. The statements built here:
 * - a successful login (lib/domain/customer-sessions/login-customer.ts): its rate-limit hits given back, its
 *   event and its login token, and from a new device the device, the alert e-mail and its event;
 * - a registration (lib/domain/customer-accounts/register-customer.ts): the customer, its verification token,
 *   the e-mail in the outbox, its event, its first login token and its device;
 * - giving an attempt's rate-limit hits back (lib/domain/rate-limits/release-attempt.ts `release`,
 *   `refuse`, with the event of a refused login), on the same hot paths; and a staff sign-in
 *   (lib/domain/staff/sign-in-staff.ts), whose hits go back in the statement that records it, as a login's.
 * The steps' column lists are not checked by tsc: each builder is run against a migrated database
 * by a test named for its statement in test/raw-statements.test.ts.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { prepared } from "./prepared-statements";

/**
 * A step that inserts one row `RETURNING id`, whose id the steps after it in the same statement
 * use by passing this object where a row id is expected. `name` only labels the step in the SQL.
 */
export class InsertedRow {
  constructor(
    readonly name: string,
    readonly write: Prisma.Sql,
  ) {}
}

export type Step = Prisma.Sql | InsertedRow;

/** A row's id: known already, or that of the row an earlier step of the same statement inserts. */
export type RowId = number | InsertedRow;

/** `id` as a value of a step's SQL. */
export function rowIdValue(id: RowId): number | Prisma.Sql {
  return id instanceof InsertedRow ? Prisma.sql`(SELECT id FROM ${Prisma.raw(id.name)})` : id;
}

/**
 * The row source of an INSERT: `VALUES (values)`, or with `onlyWith`, `SELECT values FROM` that
 * step, so the row goes in only if the step inserted one (e.g. an ON CONFLICT DO NOTHING that did).
 */
export function insertedValues(values: Prisma.Sql, onlyWith?: InsertedRow): Prisma.Sql {
  return onlyWith ? Prisma.sql`SELECT ${values} FROM ${Prisma.raw(onlyWith.name)}` : Prisma.sql`VALUES (${values})`;
}

/** The steps as one statement, prepared by name where the database allows (prepared-statements.ts): the hot paths' writes. */
export function oneStatement(steps: Step[]): Prisma.Sql {
  const last = steps.at(-1);
  if (!last) throw new Error("oneStatement needs at least one write");
  const body = (step: Step) => (step instanceof InsertedRow ? step.write : step);
  if (steps.length === 1) return prepared(body(last));
  const named = steps.slice(0, -1).map((step, index) => {
    const name = step instanceof InsertedRow ? step.name : `step_${index}`;
    return Prisma.sql`${Prisma.raw(name)} AS (${body(step)})`;
  });
  return prepared(Prisma.sql`WITH ${Prisma.join(named, ", ")} ${body(last)}`);
}
