/**
 * Checks the audit log's hash chain (docs/security.md, "The audit log's hash chain"): the entries
 * in the order of their position, recomputed with the database's own audit_entry_hash (the function
 * the trigger that chains entries uses, prisma/migrations/*_audit_hash_chain), in one statement, so
 * one snapshot. From the last valid signed checkpoint (read-audit-checkpoint.ts) to the head, or
 * from the first entry with `full`; the entry at the checkpoint's position must still have the
 * hash it signed, and the head must not be behind it (the log's tail cut). Valid: the number of
 * entries, the head and the range checked. Broken: the FIRST problem, and why.
 */
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { type CheckpointRecord, readLatestValidCheckpoint } from "./read-audit-checkpoint";

/**
 * Why the chain is broken, first reason first: `missing`, an entry's position is not the one after
 * the entry before it (entries were deleted); `link`, the previous hash it holds is not that entry's
 * hash; `content`, its hash is not that of what it holds (its content, or its hash, was changed);
 * `checkpoint`, its hash is not the one a signed checkpoint holds for its position (the chain was
 * rewritten up to it); `unchained`, it has no position (written with the trigger off); `truncated`,
 * the head is behind the last signed checkpoint (the last entries were deleted).
 */
export type ChainProblem = "missing" | "link" | "content" | "checkpoint" | "unchained" | "truncated";

export type AuditChainState = {
  valid: boolean;
  /**
   * The entries of the log: the chain's length (its head's position) and any entry outside it; not
   * counted row by row, which at millions of entries costs more than the check from a checkpoint.
   */
  entries: number;
  /** The stored hash of the last entry in the chain, and its position; null when there is none. */
  head: string | null;
  head_position: number | null;
  /** The positions checked: from the last valid checkpoint's (or 1, `full`) to the head's. */
  checked: { from: number; to: number | null; full: boolean };
  /** The signed checkpoint the chain was checked against; null when there is none yet. */
  checkpoint: CheckpointRecord | null;
  /** Checkpoints further along whose signature does not hold, set aside. */
  refused_checkpoints: CheckpointRecord[];
  checked_at: string;
  /** The first problem, when the chain is broken; `id` null when no entry is there (a cut tail). */
  broken_at?: { id: number | null; position: number | null; problem: ChainProblem; message: string };
};

type ChainRow = {
  unchained: bigint;
  head: string | null;
  head_position: number | null;
  id: number | null;
  position: number | null;
  expected: number | null;
  problem: Exclude<ChainProblem, "truncated"> | null;
};

/**
 * From position `from` on (and every unchained entry): the first entry before `from` is not read,
 * so the entry at `from` is not checked against it. The checkpoint, if any, at `anchor`.
 */
export function auditChainStatement(from: number, anchor: { position: number; hash: string } | null): Prisma.Sql {
  const start = Prisma.sql`${from}::integer`;
  return Prisma.sql`
    WITH checked AS (
      SELECT id, chain_position, hash, coalesce(lag(chain_position) OVER w, ${start} - 1) + 1 AS expected,
        CASE
          WHEN chain_position IS NULL THEN 'unchained'
          WHEN chain_position <> coalesce(lag(chain_position) OVER w, ${start} - 1) + 1 THEN 'missing'
          WHEN prev_hash IS DISTINCT FROM lag(hash, 1, CASE WHEN ${start} > 1 THEN prev_hash END) OVER w THEN 'link'
          WHEN hash IS DISTINCT FROM audit_entry_hash(audit_log.*) THEN 'content'
          WHEN chain_position = ${anchor?.position ?? null}::integer AND hash IS DISTINCT FROM ${anchor?.hash ?? null}::text
            THEN 'checkpoint'
        END AS problem
      FROM audit_log WHERE chain_position >= ${start} OR chain_position IS NULL WINDOW w AS (ORDER BY chain_position)
    ), first_problem AS (
      SELECT id, chain_position, expected, problem FROM checked
      WHERE problem IS NOT NULL ORDER BY chain_position NULLS LAST, id LIMIT 1
    ), head AS (
      SELECT hash, chain_position FROM audit_log WHERE chain_position IS NOT NULL ORDER BY chain_position DESC LIMIT 1
    )
    SELECT (SELECT count(*) FROM audit_log WHERE chain_position IS NULL) AS unchained,
      (SELECT hash FROM head) AS head, (SELECT chain_position FROM head) AS head_position,
      first_problem.id, first_problem.chain_position AS position, first_problem.expected, first_problem.problem
    FROM (SELECT 1) AS one LEFT JOIN first_problem ON true`;
}

function explain(row: ChainRow, checkpoint: CheckpointRecord | null): string {
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
    case "checkpoint":
      return `${entry}: its hash is not the one signed for its position by checkpoint #${checkpoint?.id} of ${checkpoint?.created_at} (the chain was rewritten up to it)`;
    default:
      return `${entry}: it is not in the chain (it has no position)`;
  }
}

export async function verifyAuditChain(options: { full?: boolean } = {}): Promise<AuditChainState> {
  const full = options.full ?? false;
  const { anchor, refused } = await readLatestValidCheckpoint();
  const from = full || !anchor ? 1 : anchor.position;
  const [row] = await db().$queryRaw<ChainRow[]>(auditChainStatement(from, anchor));
  const headPosition = row.head_position === null ? null : Number(row.head_position);
  const state = {
    entries: (headPosition ?? 0) + Number(row.unchained),
    head: row.head,
    head_position: headPosition,
    checked: { from, to: headPosition, full },
    checkpoint: anchor,
    refused_checkpoints: refused,
    checked_at: new Date().toISOString(),
  };
  if (row.problem !== null && row.id !== null) {
    const problem = { id: row.id, position: row.position, problem: row.problem, message: explain(row, anchor) };
    return { valid: false, ...state, broken_at: problem };
  }
  if (anchor && (headPosition ?? 0) < anchor.position) {
    const end = headPosition === null ? "the chain is empty" : `the chain ends at position ${headPosition}`;
    const message = `position ${anchor.position}: ${end}, behind checkpoint #${anchor.id} of ${anchor.created_at} at position ${anchor.position} (the last entries were deleted)`;
    return {
      valid: false,
      ...state,
      broken_at: { id: null, position: anchor.position, problem: "truncated", message },
    };
  }
  return { valid: true, ...state };
}
