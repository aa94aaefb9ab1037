/**
 * Where a webhook may go (no server-side request forgery): an https URL whose host resolves only to
 * public addresses, never a loopback, private, link-local, shared, multicast or cloud metadata one.
 * Checked when an endpoint is saved and again at every delivery, where the addresses checked are the
 * ones connected to (`guardedLookup`, the http agent's lookup hook): a name that resolves to a public
 * address when saved and to a private one later (DNS rebinding) is refused then. The setting
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true lifts both rules (and allows http), for tests and on-premises receivers.
 */
import dns from "node:dns";
import net from "node:net";
import { config } from "@/lib/platform/config";
import { fieldError } from "@/lib/platform/errors/domain-error";

export const URL_MAX_LENGTH = 2048;

const FORBIDDEN = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT, shared
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, with the cloud metadata service at 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64, which reaches IPv4 addresses
  ["fc00::", 7], // unique local, with AWS's metadata service at fd00:ec2::254
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, "ipv6");
}

/** Whether a webhook may connect to `address` (an IP address); an IPv4 address mapped into IPv6 is judged as IPv4. */
function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isForbiddenAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** WEBHOOK_ALLOW_PRIVATE_TARGETS: http and loopback, private or link-local targets allowed (the back office says which rule holds). */
export const privateTargetsAllowed = () => config().WEBHOOK_ALLOW_PRIVATE_TARGETS;

/** The host as a resolver or an IP check wants it: without the brackets of an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** What is wrong with `text` as a webhook URL, or null; the addresses it resolves to are checked apart (`checkTarget`). */
export function urlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "The URL must be an absolute URL such as https://backend.example.com/webhooks";
  }
  const schemes = privateTargetsAllowed() ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not hold a user name or password";
  if (url.hash) return "The URL must not hold a fragment (#…)";
  return null;
}

const refused = (message: string) => fieldError("url", "not_allowed", message);

/**
 * Refuses (400, `url`/not_allowed) a URL whose host is, or resolves to, an address a webhook may not
 * reach, or does not resolve at all; nothing is checked under WEBHOOK_ALLOW_PRIVATE_TARGETS.
 */
export async function checkTarget(text: string): Promise<void> {
  if (privateTargetsAllowed()) return;
  const host = bareHost(new URL(text));
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map(({ address }) => address);
    } catch {
      throw refused(`The host ${host} cannot be resolved`);
    }
  }
  if (addresses.some(isForbiddenAddress)) {
    throw refused(
      "The URL must reach a public address: loopback, private, link-local and metadata addresses are refused",
    );
  }
}

/** The error a delivery records when its target resolves to a forbidden address. */
export class ForbiddenTargetError extends Error {
  readonly code = "EFORBIDDENTARGET";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The lookup hook of a delivery's connection: resolves the host once, refuses it if any of its
 * addresses is forbidden, and hands the connection exactly the addresses checked.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const usable = options.family ? addresses.filter(({ family }) => family === options.family) : addresses;
    if (!privateTargetsAllowed() && addresses.some(({ address }) => isForbiddenAddress(address))) {
      return callback(new ForbiddenTargetError(`${hostname} resolves to a forbidden address`), "");
    }
    if (usable.length === 0)
      return callback(Object.assign(new Error(`${hostname}: no address`), { code: "ENOTFOUND" }), "");
    if (options.all) return callback(null, usable);
    callback(null, usable[0].address, usable[0].family);
  });
}

/** For a delivery to an IP literal, which connects without a lookup: refused here when forbidden. */
export function checkLiteralTarget(url: URL): void {
  const host = bareHost(url);
  if (!privateTargetsAllowed() && net.isIP(host) && isForbiddenAddress(host)) {
    throw new ForbiddenTargetError(`${host} is a forbidden address`);
  }
}
