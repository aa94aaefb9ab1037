/**
 * A signed checkpoint of the audit chain's head (docs/security.md, "Anchoring the chain"): the
 * chain is checked from the last checkpoint (or whole, `full`) and, when valid, the head it checked
 * is signed with the service's key and kept in audit_checkpoints, written to the log (a copy out of
 * the database's reach) and counted in the metric of the last checkpoint's position. A broken
 * chain is not signed: the failure is logged instead. Made by `audit verify`, by each export of the
 * audit log and by the schedule: daily, and every AUDIT_CHECKPOINT_EVERY_ENTRIES entries
 * (schedule-audit-checkpoint.ts).
 */
import type { AuditCheckpointTrigger } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/platform/db";
import { log } from "@/lib/platform/runtime/log";
import { signWithSigningKey } from "@/lib/domain/signing-keys/sign-with-signing-key";
import { CHECKPOINT_TYP, type CheckpointRecord, toCheckpointRecord } from "./read-audit-checkpoint";
import { type AuditChainState, verifyAuditChain } from "./verify-audit-chain";

export type CheckpointedChain = AuditChainState & { signed_checkpoint: CheckpointRecord | null };

export async function checkpointAuditChain(
  trigger: AuditCheckpointTrigger,
  options: { full?: boolean } = {},
): Promise<CheckpointedChain> {
  const state = await verifyAuditChain(options);
  if (!state.valid) {
    log().error({ trigger, broken_at: state.broken_at }, "audit: the chain is broken, no checkpoint signed");
    return { ...state, signed_checkpoint: null };
  }
  if (state.head === null || state.head_position === null) return { ...state, signed_checkpoint: null };
  const signed = { position: state.head_position, hash: state.head };
  const jws = await signWithSigningKey(CHECKPOINT_TYP, { ...signed, iat: Math.floor(Date.now() / 1000) });
  const checkpoint = toCheckpointRecord(await db().auditCheckpoint.create({ data: { ...signed, jws, trigger } }));
  log().info({ checkpoint: checkpoint.id, ...signed, trigger, jws }, "audit: checkpoint signed");
  return { ...state, signed_checkpoint: checkpoint };
}
