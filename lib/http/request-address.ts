/**
 * The address a request came from, which per-address limits count.
 *
 * Route handlers cannot see the connection, so our HTTP server (lib/entry/server/http-server.ts) writes
 * its peer's address into PEER_ADDRESS_HEADER, replacing anything a client sent under that name.
 * That is the request's address, unless the peer is one of TRUSTED_PROXIES: then it is the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy, the client the outermost of
 * our proxies saw. Anything left of that was written by the client and proves nothing; from anyone
 * else X-Forwarded-For is ignored, as anyone can send it.
 */
import { BlockList, isIP, SocketAddress } from "node:net";
import { config, type Network } from "@/lib/platform/config";

export const PEER_ADDRESS_HEADER = "x-remit-peer-address";

/** The longest textual IP address: an IPv6 address ending in an IPv4 one. */
export const MAX_ADDRESS_LENGTH = 45;

/** Without the server's stamp (a request that did not come through our server), one shared address. */
const UNKNOWN = "unknown";

/**
 * `text` as the one canonical spelling of its address, or undefined unless it is a plain IPv4 or IPv6
 * literal: no zone id (`fe80::1%eth0`), brackets, port or surrounding space. IPv6 is lower-cased
 * and compressed, and an IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) is the IPv4 address, so
 * one address cannot pass for several.
 */
export function canonicalAddress(text: string): string | undefined {
  if (text.length > MAX_ADDRESS_LENGTH || text.includes("%")) return undefined;
  const family = isIP(text);
  if (family === 0) return undefined;
  const { address } = new SocketAddress({ address: text, family: family === 4 ? "ipv4" : "ipv6" });
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1] ?? address;
}

type RequestHeaders = Pick<Headers, "get">;

export function requestAddress(headers: RequestHeaders): string {
  const peer = canonicalAddress(headers.get(PEER_ADDRESS_HEADER) ?? "");
  if (!peer) return UNKNOWN;
  const proxies = trustedProxies(config().TRUSTED_PROXIES);
  let address = peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",");
  for (let index = forwarded.length - 1; index >= 0 && isTrusted(proxies, address); index--) {
    const hop = canonicalAddress(forwarded[index].trim());
    // Not an address: whoever wrote it, nothing to its left can be believed either.
    if (!hop) break;
    address = hop;
  }
  return address;
}

/**
 * The request came straight from one of TRUSTED_PROXIES, so what it says of the request it passes on
 * (X-Forwarded-Proto, X-Forwarded-Host) may be believed; anyone else can write those headers.
 */
export function fromTrustedProxy(headers: RequestHeaders): boolean {
  const peer = canonicalAddress(headers.get(PEER_ADDRESS_HEADER) ?? "");
  return !!peer && isTrusted(trustedProxies(config().TRUSTED_PROXIES), peer);
}

/** `address` (canonical) is one of TRUSTED_PROXIES: ours, never a customer's. */
export const isTrustedProxy = (address: string) => isTrusted(trustedProxies(config().TRUSTED_PROXIES), address);

const blockLists = new WeakMap<Network[], BlockList>();

function trustedProxies(networks: Network[]): BlockList {
  let list = blockLists.get(networks);
  if (!list) {
    list = new BlockList();
    for (const { address, prefix, family } of networks) list.addSubnet(address, prefix, family);
    blockLists.set(networks, list);
  }
  return list;
}

const isTrusted = (proxies: BlockList, address: string) =>
  proxies.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
