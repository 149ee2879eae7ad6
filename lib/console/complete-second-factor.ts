// The second step of a GitHub sign-in for a merchant with two-factor on. GitHub vouches for the GitHub
// account only, so the session token first carries `secondFactorPending`; the second-step page sends
// a code through next-auth's session update, and this checks it on the server (the client's data is
// read for the code alone, never for a verdict) with the same one-use rules and limits as sign-in.
import type { JWT } from "next-auth/jwt";
import { transaction } from "@/lib/db/client";
import { isConsoleError } from "./errors";
import { CODE_REFUSED_MESSAGE } from "./second-factor-sign-in";
import { verifySecondFactor } from "./verify-second-factor";

function codeFrom(data: unknown): string {
  if (!data || typeof data !== "object") return "";
  const code: unknown = Reflect.get(data, "code");
  return typeof code === "string" ? code.trim() : "";
}

/** The token after an attempt: the mark cleared and the re-authentication window started, or a refusal noted. */
export async function completeSecondFactor(token: JWT, data: unknown, address: string | null): Promise<JWT> {
  const code = codeFrom(data);
  const merchantId = token.sub;
  if (!merchantId || !code) return { ...token, secondFactorRefusal: "Enter a code." };
  try {
    const accepted = await transaction((tx) =>
      verifySecondFactor(tx, { merchantId, ipAddress: address ?? "unknown" }, code),
    );
    if (!accepted) return { ...token, secondFactorRefusal: CODE_REFUSED_MESSAGE };
  } catch (error) {
    // Thrown out of the jwt callback, next-auth would end the session; the limit's message says when to retry.
    if (isConsoleError(error, "limited")) return { ...token, secondFactorRefusal: error.message };
    throw error;
  }
  const { secondFactorPending: _pending, secondFactorRefusal: _refusal, ...signedIn } = token;
  return { ...signedIn, authenticatedAt: Math.floor(Date.now() / 1000) };
}
