/**
 * Checks the audit log's hash chain (docs/security.md, "The audit log's hash chain"): every entry in
 * the order of its position, recomputed with the database's own audit_entry_hash (the function the
 * trigger that chains entries uses, prisma/migrations/*_audit_hash_chain), in one statement, so one
 * snapshot. Valid: the number of entries and the head (the last entry's hash, an anchor to note
 * elsewhere). Broken: the FIRST entry that does not match, and why.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";

/**
 * Why an entry breaks the chain, first reason first: `missing`, its position is not the one after
 * the entry before it (entries were deleted); `link`, the previous hash it holds is not that entry's
 * hash; `content`, its hash is not that of what it holds (its content, or its hash, was changed);
 * `unchained`, it has no position (written with the trigger off).
 */
export type ChainProblem = "missing" | "link" | "content" | "unchained";

export type AuditChainState = {
  valid: boolean;
  /** Every entry of the log. */
  entries: number;
  /** The stored hash of the last entry in the chain; null when there is none. */
  head: string | null;
  checked_at: string;
  /** The first entry that does not match, when the chain is broken. */
  broken_at?: { id: number; position: number | null; problem: ChainProblem; message: string };
};

type ChainRow = {
  entries: bigint;
  head: string | null;
  id: number | null;
  position: number | null;
  expected: number | null;
  problem: ChainProblem | null;
};

export function auditChainStatement(): Prisma.Sql {
  return Prisma.sql`
    WITH checked AS (
      SELECT id, chain_position, hash, coalesce(lag(chain_position) OVER w, 0) + 1 AS expected,
        CASE
          WHEN chain_position IS NULL THEN 'unchained'
          WHEN chain_position <> coalesce(lag(chain_position) OVER w, 0) + 1 THEN 'missing'
          WHEN prev_hash IS DISTINCT FROM lag(hash) OVER w THEN 'link'
          WHEN hash IS DISTINCT FROM audit_entry_hash(audit_log.*) THEN 'content'
        END AS problem
      FROM audit_log WINDOW w AS (ORDER BY chain_position)
    ), first_problem AS (
      SELECT id, chain_position, expected, problem FROM checked
      WHERE problem IS NOT NULL ORDER BY chain_position NULLS LAST, id LIMIT 1
    )
    SELECT (SELECT count(*) FROM checked) AS entries,
      (SELECT hash FROM checked WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1) AS head,
      first_problem.id, first_problem.chain_position AS position, first_problem.expected, first_problem.problem
    FROM (SELECT 1) AS one LEFT JOIN first_problem ON true`;
}

function explain(row: ChainRow): string {
  const entry = `entry #${row.id}${row.position === null ? "" : ` (position ${row.position})`}`;
  switch (row.problem) {
    case "missing":
      return row.expected === (row.position ?? 0) - 1
        ? `${entry}: the entry at position ${row.expected} before it is missing`
        : `${entry}: the entries at positions ${row.expected} to ${(row.position ?? 0) - 1} before it are missing`;
    case "link":
      return `${entry}: its link to the entry before it is broken (the previous hash it holds is not that entry's hash)`;
    case "content":
      return `${entry}: its content changed (its hash is not that of what it holds)`;
    default:
      return `${entry}: it is not in the chain (it has no position)`;
  }
}

export async function verifyAuditChain(): Promise<AuditChainState> {
  const [row] = await db().$queryRaw<ChainRow[]>(auditChainStatement());
  const state = { entries: Number(row.entries), head: row.head, checked_at: new Date().toISOString() };
  if (row.problem === null || row.id === null) return { valid: true, ...state };
  return {
    valid: false,
    ...state,
    broken_at: {
      id: row.id,
      position: row.position,
      problem: row.problem,
      message: explain(row),
    },
  };
}
