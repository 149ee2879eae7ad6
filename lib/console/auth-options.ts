// next-auth settings for the console: email + password (Credentials) with JWT sessions, plus GitHub
// when GITHUB_ID and GITHUB_SECRET are set. The session's user id is the MerchantUser id.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode, type JWT } from "next-auth/jwt";
import GithubProvider from "next-auth/providers/github";
import { config, DEFAULT_PORT } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { callerAddress } from "@/lib/client-address";
import { authenticateCredentials, SecondFactorError } from "./authenticate-credentials";
import { authSecret } from "./auth-secret";
import { completeSecondFactor } from "./complete-second-factor";
import { deviceCookieFromHeader } from "./device-cookie";
import { isConsoleError } from "./errors";
import { githubMerchant } from "./github-merchant";
import { GITHUB_EMAIL_UNVERIFIED, githubProfile } from "./github-profile";
import { endSession, isSessionOpen, SESSION_LIFETIME_SECONDS, startSession } from "./sessions";
import { logger } from "@/lib/logging/logger";

export const SIGN_IN_PATH = "/merchant/sdk/sign-in";
// Thrown from the jwt callback for a cookie whose server-side session is ended or expired: next-auth
// then clears the cookie and getServerSession answers null (signed out).
const SESSION_ENDED = "console session ended";

/**
 * The console's base URL: NEXTAUTH_URL, else PUBLIC_BASE_URL, else HOST (localhost when unset or
 * 0.0.0.0) and PORT (3000 when unset). next-auth builds its own links and picks cookie security from
 * NEXTAUTH_URL; without one it would assume http://localhost:3000, and our server may listen
 * anywhere. Behind TLS set PUBLIC_BASE_URL=https://..., which also makes the cookies Secure.
 */
/**
 * Whether the cookie's server-side session is open. With the database unreachable the answer is not
 * known: the token passes marked `sessionUnchecked` rather than reading as signed out (which would
 * send a signed-in merchant to the sign-in page during a database restart); session.ts asks again
 * before the console serves anything, so an ended session never gets through.
 */
async function sessionStillOpen(sessionId: string, merchantId: string, token: JWT): Promise<boolean> {
  delete token.sessionUnchecked;
  try {
    return await isSessionOpen(prisma(), sessionId, merchantId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    token.sessionUnchecked = true;
    return true;
  }
}

export function consoleBaseUrl(): string {
  const { NEXTAUTH_URL, PUBLIC_BASE_URL, HOST, PORT } = config();
  return (
    NEXTAUTH_URL ||
    (PUBLIC_BASE_URL ?? `http://${HOST && HOST !== "0.0.0.0" ? HOST : "localhost"}:${PORT ?? DEFAULT_PORT}`)
  );
}

// next-auth reads NEXTAUTH_URL from the environment itself, so the base URL is written there: the
// one write of process.env here, and no read of it.
function ensureBaseUrl(): void {
  process.env.NEXTAUTH_URL = consoleBaseUrl();
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  const value: unknown = Reflect.get(headers, name);
  return typeof value === "string" ? value : undefined;
}

/**
 * `request.address`: the caller's address, for the rate limits of codes sent through a session update
 * and for the session list; `request.userAgent`: the browser, for the session list;
 * `request.rememberDevice`: sets the browser's device cookie once a sign-in is complete (the route
 * passes remember-device.ts; callers outside a request pass nothing).
 */
export function authOptions(
  request: {
    address?: string | null;
    userAgent?: string | null;
    rememberDevice?: (merchantId: string) => Promise<void>;
  } = {},
): NextAuthOptions {
  ensureBaseUrl();
  const { GITHUB_ID, GITHUB_SECRET, GITHUB_API_URL } = config();
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_LIFETIME_SECONDS },
    // next-auth re-signs the cookie on every session read with a fresh maxAge, which would let
    // activity extend a session forever; the token's own expiry is held at the session's fixed end.
    jwt: { encode: (params) => encode({ ...params, maxAge: remainingSeconds(params.token) }) },
    events: {
      // Signing out ends the session on the server, so a copy of the cookie opens nothing afterwards.
      async signOut({ token }) {
        if (token.sessionId && token.sub) await endSession(prisma(), token.sub, token.sessionId, "sign-out");
      },
    },
    logger: {
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR" && errorMessage(metadata) === SESSION_ENDED) return; // an ended session: expected
        logger("next-auth").error({ code, metadata }, "next-auth error");
      },
    },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
        },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          try {
            return await authenticateCredentials(prisma(), {
              email: credentials.email,
              password: credentials.password,
              code: credentials.code,
              deviceCookie: deviceCookieFromHeader(headerValue(req.headers, "cookie")),
              address: callerAddress((name) => headerValue(req.headers, name)) ?? "unknown",
            });
          } catch (error) {
            // next-auth passes a thrown message to the client as the error code; the form shows it.
            if (isConsoleError(error, "limited") || error instanceof SecondFactorError) throw new Error(error.message);
            throw error;
          }
        },
      }),
      ...(GITHUB_ID && GITHUB_SECRET
        ? [
            GithubProvider({
              clientId: GITHUB_ID,
              clientSecret: GITHUB_SECRET,
              authorization: { params: { scope: "read:user user:email" } },
              // The profile's `email` is the verified primary address from GitHub's emails API, or null.
              userinfo: {
                url: `${GITHUB_API_URL}/user`,
                request: ({ tokens }) => githubProfile(tokens.access_token ?? "", GITHUB_API_URL),
              },
            }),
          ]
        : []),
    ],
    callbacks: {
      // No verified primary address on GitHub: no sign-in, and the page says why.
      signIn({ account, profile }) {
        if (account?.provider === "github" && !profile?.email)
          return `${SIGN_IN_PATH}?error=${GITHUB_EMAIL_UNVERIFIED}`;
        return true;
      },
      async jwt({ token, user, account, profile, trigger, session }) {
        if (account?.provider === "github" && profile) {
          // signIn refused this already; never reached without a verified address.
          if (!profile.email) throw new Error(GITHUB_EMAIL_UNVERIFIED);
          const merchant = await githubMerchant(prisma(), {
            githubId: account.providerAccountId,
            verifiedEmail: profile.email,
            name: profile.name ?? null,
          });
          token.sub = merchant.id;
          token.email = merchant.email;
          // GitHub vouches for the GitHub account, not for this account's second factor: as GitHub
          // itself does, the console stays shut until a code is given (session.ts, the verify page).
          if (merchant.totpEnabledAt) token.secondFactorPending = true;
        } else if (user) {
          token.sub = user.id;
        }
        if (user || account) {
          if (!token.sub) throw new Error(SESSION_ENDED);
          const started = await startSession(prisma(), token.sub, {
            ipAddress: request.address,
            userAgent: request.userAgent,
          });
          token.sessionId = started.id;
          token.sessionExpiresAt = Math.floor(started.expiresAt.getTime() / 1000);
        } else if (!token.sub || !token.sessionId || !(await sessionStillOpen(token.sessionId, token.sub, token))) {
          // Ended (signed out, password or two-factor changed, removed), expired, or a cookie from
          // before sessions were kept on the server.
          throw new Error(SESSION_ENDED);
        }
        // The re-authentication window starts when sign-in is complete: now, or once the second factor is given.
        if (user && !token.secondFactorPending) {
          token.authenticatedAt = Math.floor(Date.now() / 1000);
          if (token.sub) await request.rememberDevice?.(token.sub);
        }
        if (trigger === "update" && token.secondFactorPending) {
          const updated = await completeSecondFactor(token, session, request.address ?? null);
          // A GitHub sign-in is complete once its code is given: only then is the browser known.
          if (!updated.secondFactorPending && updated.sub) await request.rememberDevice?.(updated.sub);
          return updated;
        }
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        if (token.sessionUnchecked) session.sessionUnchecked = true;
        session.authenticatedAt = token.authenticatedAt;
        session.sessionId = token.sessionId;
        if (token.sessionExpiresAt) session.expires = new Date(token.sessionExpiresAt * 1000).toISOString();
        if (token.secondFactorPending) {
          session.secondFactorPending = true;
          session.secondFactorRefusal = token.secondFactorRefusal;
        }
        return session;
      },
    },
  };
}

function remainingSeconds(token: JWT | undefined): number {
  const end = token?.sessionExpiresAt;
  if (!end) return SESSION_LIFETIME_SECONDS;
  return Math.max(1, end - Math.floor(Date.now() / 1000));
}

function errorMessage(metadata: unknown): unknown {
  if (metadata instanceof Error) return metadata.message;
  if (!metadata || typeof metadata !== "object") return undefined;
  const inner: unknown = Reflect.get(metadata, "error");
  return inner instanceof Error ? inner.message : Reflect.get(metadata, "message");
}

export function githubEnabled(): boolean {
  const { GITHUB_ID, GITHUB_SECRET } = config();
  return Boolean(GITHUB_ID && GITHUB_SECRET);
}
