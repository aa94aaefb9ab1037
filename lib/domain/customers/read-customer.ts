/**
 * One customer for compliance, with their most recent account events; an e-mail change names the
 * address it changed from as well as the one it changed to.
 */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import {
  toCustomerEventRecord,
  toCustomerRecord,
  withClientName,
  type CustomerEventRecord,
  type CustomerRecord,
} from "./customer-record";

const EVENTS_SHOWN = 500;

/** An account event; for an e-mail change (asked for or made), the account's address before it. */
export type CustomerHistoryEvent = CustomerEventRecord & { email_before?: string };

/** One customer with their most recent account events (registrations, logins, failures, resets). */
export async function readCustomer(id: number): Promise<CustomerRecord & { events: CustomerHistoryEvent[] }> {
  const customer = await db().customer.findUnique({
    where: { id },
    include: { ...withClientName, events: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: EVENTS_SHOWN } },
  });
  if (!customer) throw notFound("No such customer");
  return { ...toCustomerRecord(customer), events: withAddressesBefore(customer.events.map(toCustomerEventRecord)) };
}

const EMAIL_CHANGES: CustomerEventRecord["type"][] = ["email_change_requested", "email_changed"];

/**
 * An e-mail change's event holds the new address only; the one it changed from is the address of
 * the account's event before it (every other event of an account holds the account's address).
 * Unknown for a change older than the events read. `events` are newest first.
 */
function withAddressesBefore(events: CustomerEventRecord[]): CustomerHistoryEvent[] {
  let current: string | undefined;
  const oldestFirst = events.toReversed().map((event): CustomerHistoryEvent => {
    if (!EMAIL_CHANGES.includes(event.type)) {
      current = event.email;
      return event;
    }
    const before = current;
    if (event.type === "email_changed" && event.outcome === "success") current = event.email;
    return before === undefined ? event : { ...event, email_before: before };
  });
  return oldestFirst.reverse();
}
