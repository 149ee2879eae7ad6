// The API key scopes (docs/decisions/api-keys.md); a key with an empty scope list holds all of them.
export const SCOPES = [
  "wallets:read",
  "wallets:write",
  "cards:read",
  "cards:write",
  // Opens a card's full number and CVC to its holder through a one-time details page.
  "cards:details",
  "transactions:write",
  "statements:write",
  "proofs:write",
  "events:read",
  "webhooks:read",
  "webhooks:write",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * Scopes a key holds without naming them: `webhooks:read` came after keys were minted with
 * `events:read` to read endpoints, so those keep reading them; and a key that may change endpoints
 * may read them (docs/decisions/webhook-endpoints-api.md).
 */
const IMPLIED_BY: Partial<Record<Scope, readonly Scope[]>> = {
  "webhooks:read": ["events:read", "webhooks:write"],
};

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  if (granted.length === 0 || granted.includes(needed)) return true;
  return (IMPLIED_BY[needed] ?? []).some((scope) => granted.includes(scope));
}
