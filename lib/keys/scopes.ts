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
  "webhooks:write",
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.length === 0 || granted.includes(needed);
}
