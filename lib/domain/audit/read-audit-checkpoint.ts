/**
 * The checkpoint the audit chain is checked against: the valid one furthest along the chain (the
 * highest position, the newest of equals). Valid: signed by one of the service's keys
 * (lib/domain/signing-keys/) for a checkpoint, with the position and hash its row holds. Those
 * further along that are not valid (forged, or edited after signing) are refused, and named.
 */
import type { AuditCheckpoint } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { verifyWithSigningKey } from "@/lib/domain/signing-keys/verify-with-signing-key";

/** The JWS header's `typ` of an audit checkpoint. */
export const CHECKPOINT_TYP = "audit-checkpoint+jws";

export type CheckpointRecord = {
  id: number;
  position: number;
  hash: string;
  trigger: AuditCheckpoint["trigger"];
  created_at: string;
};

export const toCheckpointRecord = (row: AuditCheckpoint): CheckpointRecord => ({
  id: row.id,
  position: row.position,
  hash: row.hash,
  trigger: row.trigger,
  created_at: row.createdAt.toISOString(),
});

const PAGE_SIZE = 50;

export async function readLatestValidCheckpoint(): Promise<{
  anchor: CheckpointRecord | null;
  refused: CheckpointRecord[];
}> {
  const refused: CheckpointRecord[] = [];
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const page = await db().auditCheckpoint.findMany({
      orderBy: [{ position: "desc" }, { id: "desc" }],
      skip,
      take: PAGE_SIZE,
    });
    for (const row of page) {
      if (await signed(row)) return { anchor: toCheckpointRecord(row), refused };
      refused.push(toCheckpointRecord(row));
    }
    if (page.length < PAGE_SIZE) return { anchor: null, refused };
  }
}

async function signed(row: AuditCheckpoint): Promise<boolean> {
  const payload = await verifyWithSigningKey(CHECKPOINT_TYP, row.jws);
  return payload?.position === row.position && payload?.hash === row.hash;
}
