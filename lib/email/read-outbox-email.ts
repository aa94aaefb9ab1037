/** One e-mail of the outbox as the back office sees it (never its body). */
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { toOutboxRecord, type OutboxRecord } from "./outbox-record";

export async function readOutboxEmail(id: string): Promise<OutboxRecord> {
  const email = await db().emailOutbox.findUnique({ where: { id } });
  if (!email) throw notFound("No such e-mail");
  return toOutboxRecord(email);
}
