// Decides where a webhook or an authorization decision may be sent, with one rule used both when
// an endpoint is registered (lib/webhooks/endpoints.ts, for the console and the CLI; the decision
// endpoint) and at every send: public unicast addresses only, over https in live mode. Loopback is
// this server's own, not the developer's, so test mode reaches it only on a deployment that opts in
// with ALLOW_LOOPBACK_ENDPOINTS=true (`npm run dev` does); live mode never does
// (docs/decisions/loopback-endpoints.md). Names are resolved at send time too, so changing DNS after
// registration cannot point a webhook at a private network or a cloud metadata service.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";

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

/** The mode a destination is for, and whether this deployment lets test mode reach loopback. */
export type DestinationRule = { livemode: boolean; allowLoopback: boolean };

/** The rule for a mode on this deployment, with its ALLOW_LOOPBACK_ENDPOINTS setting. */
export function destinationRule(livemode: boolean): DestinationRule {
  return { livemode, allowLoopback: config().ALLOW_LOOPBACK_ENDPOINTS };
}

/** The one rule: public unicast in either mode; loopback too in test mode when the deployment allows it. */
export function isAllowedAddress(address: string, rule: DestinationRule): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = addressRange(address);
  return range === "unicast" || (range === "loopback" && rule.allowLoopback && !rule.livemode);
}

/** The refusal's last words: what the mode reaches here, and for loopback what to do instead. */
function refusalReason(range: string | null, rule: DestinationRule): string {
  if (rule.livemode) return "live-mode endpoints reach only public addresses";
  if (rule.allowLoopback) return "test-mode endpoints reach only public addresses and localhost";
  if (range === "loopback")
    return (
      "loopback addresses are refused on this deployment; set ALLOW_LOOPBACK_ENDPOINTS=true for local " +
      "development, or give a public URL that reaches your machine"
    );
  return "endpoints reach only public addresses";
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
  rule: DestinationRule,
  lookupHost: LookupHost = systemLookup,
): Promise<{ url: URL; destination: VettedAddress }> {
  const url = checkEndpointUrl(rawUrl, rule.livemode);
  return { url, destination: await resolveDestination(url, rule, lookupHost) };
}

/**
 * Resolves the host now and returns the address to connect to. Every resolved address must be
 * allowed, so a name that answers with one public and one private address is refused whole.
 */
export async function resolveDestination(
  url: URL,
  rule: DestinationRule,
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
    if (!isAllowedAddress(answer.address, rule)) {
      const range = ipaddr.isValid(answer.address) ? addressRange(answer.address) : null;
      const what = range === null ? "not an address" : describeRange(range);
      const subject = answer.address === host ? host : `${host} resolves to ${answer.address}, which`;
      throw new UnsafeDestinationError(`${subject} is ${what}: ${refusalReason(range, rule)}.`);
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Why the rule refuses this URL now, judged without asking DNS (so a page can show it cheaply): for
 * an address literal or a localhost name (RFC 6761: always loopback); null when it may be sent to or
 * only a lookup at send time can tell. An endpoint registered under another setting says so here.
 */
export function knownRefusal(rawUrl: string, rule: DestinationRule): string | null {
  let url: URL;
  try {
    url = checkEndpointUrl(rawUrl, rule.livemode);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const host = bareHostname(url);
  const localName = host === "localhost" || host.endsWith(".localhost");
  const address = localName ? "127.0.0.1" : host;
  if (!ipaddr.isValid(address) || isAllowedAddress(address, rule)) return null;
  const range = addressRange(address);
  return `${host} is ${describeRange(range)}: ${refusalReason(range, rule)}.`;
}
