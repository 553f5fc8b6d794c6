import { BlockList, isIP } from "node:net";

/**
 * Address rules of the Open API: the merchant's IP whitelist, and the SSRF guard that keeps our outbound calls
 * (callbacks, notifications) away from the server's own loopback and private networks.
 */

/** `::ffff:10.0.0.1` (IPv4 seen through an IPv6 socket) is the IPv4 address it wraps. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

function family(address: string): "ipv4" | "ipv6" | null {
  const version = isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : null;
}

/** A whitelist (addresses and CIDR ranges, already validated) as a matcher; empty = everyone. */
export function whitelistMatcher(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = family(address);
    if (!type) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const type = family(plain);
    return type !== null && list.check(plain, type);
  };
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified, multicast and reserved ranges. */
const NOT_PUBLIC: ReadonlyArray<[string, number, "ipv4" | "ipv6"]> = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["224.0.0.0", 4, "ipv4"],
  ["240.0.0.0", 4, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
  ["64:ff9b::", 96, "ipv6"],
];
const notPublic = new BlockList();
for (const [address, prefix, type] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, type);

/** True for an address outbound calls must not reach unless the operator allows private networks. */
export function isNonPublicAddress(address: string): boolean {
  const plain = plainAddress(address);
  const type = family(plain);
  if (!type) return true;
  return notPublic.check(plain, type);
}

/**
 * Whether a URL's host is, on its face, a local or private one (a literal address or `localhost`). Names that
 * resolve to such addresses are caught when the call is made, after DNS (see the delivery sender).
 */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return true;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isIP(host) !== 0 && isNonPublicAddress(host);
}
