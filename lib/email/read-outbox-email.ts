/** One e-mail of the outbox as the back office sees it: its record and a preview with its tokens hidden. */
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { toOutboxRecord, type OutboxRecord } from "./outbox-record";
import { type OutboxPreview, previewOutboxEmail } from "./preview-outbox-email";

export async function readOutboxEmail(id: string): Promise<OutboxRecord & { preview: OutboxPreview }> {
  const email = await db().emailOutbox.findUnique({ where: { id } });
  if (!email) throw notFound("No such e-mail");
  return { ...toOutboxRecord(email), preview: previewOutboxEmail(email) };
}
