// The name printed on statements and letters: the wallet's own name, or the one given when the
// wallet has none; a different name for a named wallet is refused so letters cannot disagree.
import { DomainError } from "@/lib/errors";

export function resolveHolderName(walletName: string | null, given: string | undefined): string {
  if (walletName) {
    if (given !== undefined && given !== walletName) {
      throw new DomainError(
        "validation_failed",
        "holderName must match the wallet's name when the wallet has one (or be left out).",
        {
          param: "holderName",
        },
      );
    }
    return walletName;
  }
  if (!given) {
    throw new DomainError("validation_failed", "The wallet has no name: send holderName.", { param: "holderName" });
  }
  return given;
}
