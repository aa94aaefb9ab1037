/**
 * Linked accounts (GET /api/admin/customers/{id}/linked): the other customers whose account events
 * share a device fingerprint or an IP address with this customer's, a first sign of one person
 * behind several accounts. Only the customers' own addresses count (`ip_reported`: X-Client-IP, not
 * our proxies'), never the caller's that stands in without the header: that is the app's backend,
 * shared by every customer of the app. Bounded at every step, and answered from indexes alone: the
 * customer's own values first, from (customer, ip_reported, ip, fingerprint, time), then the others
 * seen with them, from (fingerprint, customer, time) and (ip, ip_reported, customer, time).
 */
import { db } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors/domain-error";
import { type CustomerStatus, customerStatus } from "@/lib/domain/customer-profiles/customer-record";

/** At most this many linked customers, the most recently seen first. */
export const LINKED_MAX = 100;
/** The customer's own fingerprints and addresses compared: the most recently used this many of each. */
export const SHARED_VALUES_MAX = 50;
/** At most this many (other customer, shared value) pairs of each kind are read, the most recent first. */
const PAIRS_MAX = 5000;

/** Values that identify nobody: events without a device, and requests whose address was not known. */
const NO_FINGERPRINT = [""];
const NO_ADDRESS = ["", "unknown"];

export type LinkedCustomer = {
  id: number;
  /** For a closed account, the address it had. */
  email: string;
  status: CustomerStatus;
  closed_at: string | null;
  shared_fingerprints: string[];
  shared_ips: string[];
  /** The last time the other customer was seen with one of the shared values. */
  last_seen_at: string;
};

type Kind = "fingerprint" | "ip";

/** The events whose value of `kind` says something of the customer: any fingerprint, only a reported address. */
const whose = (kind: Kind) => (kind === "ip" ? { ipReported: true } : {});

/** The customer's most recently used values of `kind`, at most SHARED_VALUES_MAX. */
async function ownValues(customerId: number, kind: Kind, ignored: string[]): Promise<string[]> {
  const rows = await db().customerEvent.groupBy({
    by: [kind],
    where: { customerId, [kind]: { notIn: ignored }, ...whose(kind) },
    _max: { createdAt: true },
    orderBy: { _max: { createdAt: "desc" } },
    take: SHARED_VALUES_MAX,
  });
  return rows.map((row) => row[kind]);
}

/** The other customers seen with one of `values`, with the value and when last, the most recent first. */
async function otherCustomersWith(customerId: number, kind: Kind, values: string[]) {
  if (values.length === 0) return [];
  const rows = await db().customerEvent.groupBy({
    by: ["customerId", kind],
    where: {
      [kind]: { in: values },
      ...whose(kind),
      AND: [{ customerId: { not: null } }, { customerId: { not: customerId } }],
    },
    _max: { createdAt: true },
    orderBy: { _max: { createdAt: "desc" } },
    take: PAIRS_MAX,
  });
  return rows.map((row) => ({ customerId: row.customerId as number, value: row[kind], seenAt: row._max.createdAt }));
}

/** The customers linked to customer `id` (404 when there is none), the most recently seen first. */
export async function linkedCustomers(id: number): Promise<LinkedCustomer[]> {
  const customer = await db().customer.findUnique({ where: { id }, select: { id: true } });
  if (!customer) throw notFound("No such customer");
  const [fingerprints, ips] = await Promise.all([
    ownValues(id, "fingerprint", NO_FINGERPRINT),
    ownValues(id, "ip", NO_ADDRESS),
  ]);
  const [byFingerprint, byIp] = await Promise.all([
    otherCustomersWith(id, "fingerprint", fingerprints),
    otherCustomersWith(id, "ip", ips),
  ]);

  const linked = new Map<number, { fingerprints: string[]; ips: string[]; lastSeen: Date }>();
  const add = (pairs: typeof byFingerprint, into: "fingerprints" | "ips") => {
    for (const { customerId, value, seenAt } of pairs) {
      const entry = linked.get(customerId) ?? { fingerprints: [], ips: [], lastSeen: new Date(0) };
      entry[into].push(value);
      if (seenAt && seenAt > entry.lastSeen) entry.lastSeen = seenAt;
      linked.set(customerId, entry);
    }
  };
  add(byFingerprint, "fingerprints");
  add(byIp, "ips");

  const shown = [...linked]
    .sort(([idA, a], [idB, b]) => b.lastSeen.getTime() - a.lastSeen.getTime() || idB - idA)
    .slice(0, LINKED_MAX);
  const customers = await db().customer.findMany({
    where: { id: { in: shown.map(([linkedId]) => linkedId) } },
    select: { id: true, email: true, closedEmail: true, closedAt: true, blockedAt: true },
  });
  const accounts = new Map(customers.map((row) => [row.id, row]));
  return shown.map(([linkedId, entry]) => {
    const account = accounts.get(linkedId);
    return {
      id: linkedId,
      email: account ? (account.closedEmail ?? account.email) : "",
      status: account ? customerStatus(account) : "closed",
      closed_at: account?.closedAt?.toISOString() ?? null,
      shared_fingerprints: entry.fingerprints,
      shared_ips: entry.ips,
      last_seen_at: entry.lastSeen.toISOString(),
    };
  });
}
