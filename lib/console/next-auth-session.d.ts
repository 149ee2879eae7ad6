// The console's session carries the MerchantUser id and when the merchant last signed in (seconds
// since the epoch), which re-authentication for sensitive actions reads.
import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id?: string; name?: string | null; email?: string | null; image?: string | null };
    authenticatedAt?: number;
    /** Signed in through GitHub; the account's second factor is still owed (see complete-second-factor.ts). */
    secondFactorPending?: boolean;
    /** Why the last second-factor attempt was refused, while it is still owed. */
    secondFactorRefusal?: string;
    /** The server-side ConsoleSession this cookie names (lib/console/sessions.ts). */
    sessionId?: string;
    /** The database was unreachable when the session was read: whether it is open is not known yet. */
    sessionUnchecked?: true;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sessionId?: string;
    /** The session's fixed end, seconds since the epoch. */
    sessionExpiresAt?: number;
    authenticatedAt?: number;
    secondFactorPending?: true;
    secondFactorRefusal?: string;
    sessionUnchecked?: true;
  }
}
