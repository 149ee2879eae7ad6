// The caller's IP address, the same for the SDK API, the public endpoints and the console: from the
// socket, which our server stamps into an internal header, or from X-Forwarded-For only as far as
// TRUSTED_PROXY_COUNT proxies vouch for it.
import { config } from "@/lib/config";

/**
 * The internal header that carries the caller's socket address: scripts/serve.ts sets it from
 * req.socket.remoteAddress after deleting any client-sent copy.
 */
export const CLIENT_ADDRESS_HEADER = "x-service-client-address";

/** The address from request headers, or null when the request did not come through our server. */
export function callerAddress(header: (name: string) => string | null | undefined): string | null {
  const socketAddress = header(CLIENT_ADDRESS_HEADER);
  if (!socketAddress) return null;
  return clientAddressOf(socketAddress, header("x-forwarded-for") ?? null);
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
