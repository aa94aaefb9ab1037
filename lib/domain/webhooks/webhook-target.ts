/**
 * Where a webhook may go (no server-side request forgery): an https URL whose host resolves only to
 * public addresses, never a loopback, private, link-local, shared, multicast or cloud metadata one,
 * as ipaddr.js classes them; an IPv4 address written inside IPv6 (mapped, NAT64, 6to4, Teredo, …)
 * is judged as itself.
 * Checked when an endpoint is saved and again at every delivery, where the addresses checked are the
 * ones connected to (`guardedLookup`, the http agent's lookup hook): a name that resolves to a public
 * address when saved and to a private one later (DNS rebinding) is refused then. The setting
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true lifts both rules (and allows http), for tests and on-premises receivers.
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/platform/config";
import { fieldError } from "@/lib/platform/errors/domain-error";

export const URL_MAX_LENGTH = 2048;

/** Where every public IPv6 address is: the global unicast block. */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
/** IPv4-compatible (deprecated, RFC 4291): an IPv4 address in the last 32 bits, the rest zeros. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
/** NAT64's well-known prefix (RFC 6052), the IPv4 address in its last 32 bits. */
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
/** The prefix lengths a local-use NAT64 prefix inside 64:ff9b:1::/48 (RFC 8215) may have: each puts the IPv4 address elsewhere. */
const LOCAL_NAT64_PREFIX_LENGTHS = [48, 56, 64, 96];

/** The IPv4 address RFC 6052 writes after a NAT64 prefix of `length` bits: the next 4 bytes, byte 8 (bits 64–71) skipped. */
function nat64IPv4(bytes: number[], length: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.filter((_, index) => index >= length / 8 && index !== 8).slice(0, 4));
}

/**
 * The IPv4 addresses an IPv6 address reaches through, by each form that writes one inside it: mapped,
 * SIIT's translated, IPv4-compatible, NAT64 (for a local-use prefix, at every place its length may
 * put it), 6to4, and Teredo's server and client (the client's bits inverted). None for any other address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = address.toByteArray();
  const last32 = bytes.slice(12);
  switch (address.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return [new ipaddr.IPv4(last32)];
    case "rfc6052":
      return address.match(WELL_KNOWN_NAT64)
        ? [nat64IPv4(bytes, 96)]
        : LOCAL_NAT64_PREFIX_LENGTHS.map((length) => nat64IPv4(bytes, length));
    case "6to4": // 2002:AABB:CCDD::/48
      return [new ipaddr.IPv4(bytes.slice(2, 6))];
    case "teredo": // 2001:0:<server>:<flags>:<port>:<client>, port and client inverted
      return [new ipaddr.IPv4(bytes.slice(4, 8)), new ipaddr.IPv4(last32.map((byte) => byte ^ 0xff))];
  }
  return address.match(IPV4_COMPATIBLE) ? [new ipaddr.IPv4(last32)] : [];
}

/**
 * Whether a webhook may not connect to `text` (an IP address): an IPv4 address anywhere but public
 * unicast (ipaddr.js's ranges: private, loopback, link-local, shared, reserved, multicast, …); an
 * IPv6 address that carries an IPv4 one which is so; any other IPv6 address outside global unicast.
 */
function isForbiddenAddress(text: string): boolean {
  if (net.isIP(text) === 0) return true;
  const address = ipaddr.parse(text);
  if (address.kind() === "ipv4") return address.range() !== "unicast";
  const ipv6 = address as ipaddr.IPv6;
  const inside = embeddedIPv4(ipv6);
  if (inside.length > 0) return inside.some((ipv4) => ipv4.range() !== "unicast");
  return ipv6.range() !== "unicast" || !ipv6.match(GLOBAL_UNICAST);
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
