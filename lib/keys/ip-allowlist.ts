// IP allowlists on API keys: IPv4/IPv6 addresses or CIDR ranges, parsed and matched by ipaddr.js.
import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseEntry(entry: string): Range {
  if (entry.includes("/")) return ipaddr.parseCIDR(entry);
  const address = ipaddr.parse(entry);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/** Returns the canonical form of each entry, or throws naming the first invalid one. */
export function normalizeAllowlist(entries: readonly string[]): string[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    try {
      const [address, bits] = parseEntry(entry);
      return `${address.toString()}/${bits}`;
    } catch {
      throw new InvalidAllowlistEntry(entry);
    }
  });
}

export class InvalidAllowlistEntry extends Error {
  constructor(readonly entry: string) {
    super(`"${entry}" is not an IPv4/IPv6 address or CIDR range`);
  }
}

/** An empty list allows every address. IPv4-mapped IPv6 addresses match IPv4 ranges. */
export function isAddressAllowed(allowlist: readonly string[], address: string): boolean {
  if (allowlist.length === 0) return true;
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return allowlist.some((entry) => {
    const [range, bits] = parseEntry(entry);
    return range.kind() === parsed.kind() && parsed.match(range, bits);
  });
}
