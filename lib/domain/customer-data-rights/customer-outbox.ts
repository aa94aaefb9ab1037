/**
 * Which e-mails of the outbox were a customer's: the outbox holds addresses, not customers, so the
 * e-mails to an address that was the customer's (now, before an e-mail change that took effect, or
 * one they asked to change to), from the account's start to its close, and none from the time
 * another account held that address. Staff's own e-mails never count. The subject-access export
 * reads these; retention pseudonymises them, and must never touch another customer's.
 */
import type { Customer, Prisma } from "@/lib/generated/prisma/client";

type CustomerDates = Pick<Customer, "id" | "email" | "closedEmail" | "createdAt" | "closedAt">;

export async function customerOutboxWhere(
  client: Prisma.TransactionClient,
  customer: CustomerDates,
): Promise<Prisma.EmailOutboxWhereInput> {
  const [events, emailLinks] = await Promise.all([
    client.customerEvent.findMany({
      where: { customerId: customer.id, outcome: "success" },
      distinct: ["email"],
      select: { email: true },
    }),
    client.emailToken.findMany({
      where: { customerId: customer.id, newEmail: { not: null } },
      select: { newEmail: true },
    }),
  ]);
  const addresses = new Set([customer.closedEmail ?? customer.email]);
  for (const event of events) addresses.add(event.email);
  for (const link of emailLinks) if (link.newEmail) addresses.add(link.newEmail);
  const toAddress = { in: [...addresses] };
  const others = await client.customer.findMany({
    where: { id: { not: customer.id }, OR: [{ email: toAddress }, { closedEmail: toAddress }] },
    select: { email: true, closedEmail: true, createdAt: true, closedAt: true },
  });
  const heldByOthers = others.map((other) => ({
    toAddress: other.closedEmail ?? other.email,
    createdAt: { gte: other.createdAt, ...(other.closedAt ? { lte: other.closedAt } : {}) },
  }));
  return {
    toAddress,
    template: { not: "staff_reset_password" },
    createdAt: { gte: customer.createdAt, ...(customer.closedAt ? { lte: customer.closedAt } : {}) },
    ...(heldByOthers.length > 0 ? { NOT: heldByOthers } : {}),
  };
}
