/** One customer for compliance, with their most recent account events. */
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import {
  toCustomerEventRecord,
  toCustomerRecord,
  withClientName,
  type CustomerEventRecord,
  type CustomerRecord,
} from "./customer-record";

const EVENTS_SHOWN = 500;

/** One customer with their most recent account events (registrations, logins, failures, resets). */
export async function readCustomer(id: number): Promise<CustomerRecord & { events: CustomerEventRecord[] }> {
  const customer = await db().customer.findUnique({
    where: { id },
    include: { ...withClientName, events: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: EVENTS_SHOWN } },
  });
  if (!customer) throw notFound("No such customer");
  return { ...toCustomerRecord(customer), events: customer.events.map(toCustomerEventRecord) };
}
