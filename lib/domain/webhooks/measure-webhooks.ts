/**
 * How the webhook deliveries stand, for the metrics: how many are kept by status, and how long the
 * oldest pending one has waited. Aggregates the (status, next_attempt_at) index answers.
 */
import { db } from "@/lib/platform/db";
import { WebhookDeliveryStatus } from "@/lib/generated/prisma/enums";

export async function measureWebhooks(
  now = new Date(),
): Promise<{ byStatus: Record<WebhookDeliveryStatus, number>; oldestPendingAgeSeconds: number }> {
  const [groups, oldest] = await Promise.all([
    db().webhookDelivery.groupBy({ by: ["status"], _count: true }),
    db().webhookDelivery.aggregate({ where: { status: "pending" }, _min: { createdAt: true } }),
  ]);
  const byStatus = Object.fromEntries(Object.values(WebhookDeliveryStatus).map((status) => [status, 0])) as Record<
    WebhookDeliveryStatus,
    number
  >;
  for (const group of groups) byStatus[group.status] = group._count;
  const since = oldest._min.createdAt;
  return { byStatus, oldestPendingAgeSeconds: since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0 };
}
