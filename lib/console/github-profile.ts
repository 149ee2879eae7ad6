// What a GitHub sign-in learns about the person, asked of GitHub's REST API with the OAuth token:
// the user (id, login, name) and, from the emails API (scope `user:email`), the primary address
// only when GitHub marks it verified. next-auth's own GitHub provider took the profile's public
// address or the primary (else first) one without looking at `verified`; we never do.
import { z } from "zod";

export const GITHUB_API_URL = "https://api.github.com";
/** next-auth's error code in the sign-in page's URL when GitHub has no verified primary address. */
export const GITHUB_EMAIL_UNVERIFIED = "GitHubEmailUnverified";
export const GITHUB_EMAIL_UNVERIFIED_MESSAGE =
  "GitHub did not give us a verified primary email address. Verify your primary address at github.com/settings/emails, then sign in again.";

const TIMEOUT_MS = 10_000;

const userShape = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  avatar_url: z.string().nullish(),
});
const emailsShape = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** The GitHub user, with `email` their verified primary address, absent when there is none (or it cannot be read). */
export type GithubProfile = z.infer<typeof userShape> & { email?: string };

async function githubGet(apiBase: string, path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${apiBase.replace(/\/+$/, "")}${path}`, {
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${accessToken}`,
      "User-Agent": "wallet-card-service",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) return undefined;
  return response.json();
}

export async function githubProfile(accessToken: string, apiBase = GITHUB_API_URL): Promise<GithubProfile> {
  const [user, emails] = await Promise.all([
    githubGet(apiBase, "/user", accessToken),
    githubGet(apiBase, "/user/emails", accessToken),
  ]);
  const parsedUser = userShape.parse(user);
  const listed = emailsShape.safeParse(emails);
  const primary = listed.success ? listed.data.find((entry) => entry.primary && entry.verified) : undefined;
  return { ...parsedUser, email: primary?.email.toLowerCase() };
}
