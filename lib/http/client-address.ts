// The caller's IP address: from the socket, which our server stamps into an internal header, or
// from x-forwarded-for only as far as TRUSTED_PROXY_COUNT proxies vouch for it.
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address-header";
import { config } from "@/lib/config";

export { CLIENT_ADDRESS_HEADER };

export function clientAddress(request: Request): string {
  return clientAddressOf(
    request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
    request.headers.get("x-forwarded-for"),
  );
}

/** The same from the two values it reads: the stamped socket address and X-Forwarded-For. */
export function clientAddressOf(socketAddress: string, forwardedFor: string | null): string {
  const trusted = config().TRUSTED_PROXY_COUNT;
  if (trusted === 0) return normalize(socketAddress);
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the client is the one the outermost trusted proxy saw.
  const candidate = hops[hops.length - trusted];
  return normalize(candidate ?? hops[0] ?? socketAddress);
}

function normalize(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
