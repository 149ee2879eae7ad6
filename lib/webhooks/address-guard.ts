// Decides where a webhook may be sent: resolves the endpoint's host at send time and vets every
// address, so a live endpoint can never reach private, loopback or link-local networks (even by
// changing its DNS after registration), and test mode can still reach a developer's localhost.
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export class UnsafeDestinationError extends Error {
  override name = "UnsafeDestinationError";
}

// Test mode serves local development (localhost, a LAN, a container network) but never the
// link-local range, where cloud metadata services answer.
const TEST_MODE_REFUSED = new Set(["unspecified", "broadcast", "multicast", "linkLocal", "reserved"]);

export type AddressFamily = 4 | 6;
export type VettedAddress = { address: string; family: AddressFamily };

/** The range name ipaddr.js gives an address, IPv4-mapped IPv6 judged as the IPv4 it carries. */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

export function isAllowedAddress(address: string, livemode: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = addressRange(address);
  return livemode ? range === "unicast" : !TEST_MODE_REFUSED.has(range);
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

/**
 * Resolves the host now and returns the address to connect to. Every resolved address must be
 * allowed, so a name that answers with one public and one private address is refused whole.
 */
export async function resolveDestination(url: URL, livemode: boolean): Promise<VettedAddress> {
  const host = bareHostname(url);
  const answers = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true }).catch((error: unknown) => {
        throw new UnsafeDestinationError(
          `Could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  const [first] = answers;
  if (!first) throw new UnsafeDestinationError(`${host} has no addresses.`);
  for (const answer of answers) {
    if (!isAllowedAddress(answer.address, livemode)) {
      throw new UnsafeDestinationError(
        `${host} resolves to ${answer.address} (${addressRange(answer.address)}), which ${livemode ? "live" : "test"}-mode webhooks may not reach.`,
      );
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
