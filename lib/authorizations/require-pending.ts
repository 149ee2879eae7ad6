// Refuses to act on an authorization whose hold has already ended, saying how it ended: a capture,
// reversal or expiry of a reversed or expired hold names that (docs/decisions/holds-that-end.md).
import { DomainError } from "@/lib/errors";
import type { Authorization } from "@/lib/generated/prisma/client";

export function requirePending(auth: Pick<Authorization, "status">, action: "captured" | "reversed" | "expired"): void {
  switch (auth.status) {
    case "pending":
      return;
    case "reversed":
      throw new DomainError(
        "authorization_reversed",
        `The authorization was reversed and its hold released; it can no longer be ${action}.`,
      );
    case "expired":
      throw new DomainError(
        "authorization_expired",
        `The authorization expired uncaptured and its hold was released; it can no longer be ${action}.`,
      );
    default:
      throw new DomainError(
        "authorization_not_pending",
        `Only a pending authorization can be ${action}; this one is ${auth.status}.`,
      );
  }
}
