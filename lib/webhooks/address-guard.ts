// Decides where a webhook may be sent, with one rule used both when an endpoint is registered
// (lib/webhooks/endpoints.ts, for the console and the CLI) and at every send: live mode reaches
// only public unicast addresses over https; test mode also reaches loopback, for a developer's
// localhost, and nothing else. Names are resolved at send time too, so changing DNS after
// registration cannot point a webhook at a private network or a cloud metadata service.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export class UnsafeDestinationError extends Error {
  override name = "UnsafeDestinationError";
}

export type AddressFamily = 4 | 6;
export type VettedAddress = { address: string; family: AddressFamily };

// ipaddr.js calls "unicast" every IPv6 address outside its list of special ranges, the rest of
// ::/8 included (IPv4-compatible ::a.b.c.d, say); only 2000::/3 is allocated for global unicast.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private-network address",
  uniqueLocal: "a private-network (unique local) address",
  linkLocal: "a link-local address (where cloud metadata services answer)",
  carrierGradeNat: "a carrier-grade NAT address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  nonGlobal: "not a globally routed address",
};

/**
 * The range of an address as ipaddr.js names it ("unicast", "loopback", "private", "linkLocal"...),
 * IPv4-mapped IPv6 judged as the IPv4 address it carries, and IPv6 outside 2000::/3 "nonGlobal".
 */
export function addressRange(address: string): string {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "unicast" && parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6)) return "nonGlobal";
  return range;
}

/** The one rule: public unicast in either mode, and in test mode loopback as well. */
export function isAllowedAddress(address: string, livemode: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = addressRange(address);
  return range === "unicast" || (!livemode && range === "loopback");
}

function describeRange(range: string): string {
  return RANGE_WORDS[range] ?? `a reserved address (${range})`;
}

/** Checks the URL's scheme for the mode; live endpoints must use https. */
export function checkEndpointUrl(rawUrl: string, livemode: boolean): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeDestinationError(`"${rawUrl}" is not a valid URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UnsafeDestinationError("Webhook URLs must use https (or http in test mode).");
  }
  if (livemode && url.protocol !== "https:") throw new UnsafeDestinationError("Live-mode webhook URLs must use https.");
  if (url.username || url.password) throw new UnsafeDestinationError("Webhook URLs must not carry credentials.");
  return url;
}

/** The URL's host without the brackets URL keeps around IPv6 literals. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Every address a name has now, as the system resolver answers. */
export type LookupHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupHost = (host) => lookup(host, { all: true, verbatim: true });

/** The whole check, as registration runs it and every send repeats it: the URL, then every address its host has now. */
export async function vetEndpointUrl(
  rawUrl: string,
  livemode: boolean,
  lookupHost: LookupHost = systemLookup,
): Promise<{ url: URL; destination: VettedAddress }> {
  const url = checkEndpointUrl(rawUrl, livemode);
  return { url, destination: await resolveDestination(url, livemode, lookupHost) };
}

/**
 * Resolves the host now and returns the address to connect to. Every resolved address must be
 * allowed, so a name that answers with one public and one private address is refused whole.
 */
export async function resolveDestination(
  url: URL,
  livemode: boolean,
  lookupHost: LookupHost = systemLookup,
): Promise<VettedAddress> {
  const host = bareHostname(url);
  const answers = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }]
    : await lookupHost(host).catch((error: unknown) => {
        throw new UnsafeDestinationError(
          `Could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  const [first] = answers;
  if (!first) throw new UnsafeDestinationError(`${host} has no addresses.`);
  for (const answer of answers) {
    if (!isAllowedAddress(answer.address, livemode)) {
      const what = ipaddr.isValid(answer.address) ? describeRange(addressRange(answer.address)) : "not an address";
      const subject = answer.address === host ? host : `${host} resolves to ${answer.address}, which`;
      throw new UnsafeDestinationError(
        `${subject} is ${what}: ${livemode ? "live-mode webhooks reach only public addresses" : "test-mode webhooks reach only public addresses and localhost"}.`,
      );
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
