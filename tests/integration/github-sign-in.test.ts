// GitHub sign-in (issue 35, Medium 3): the address comes only from GitHub's emails API and only when
// GitHub marks it verified and primary; without one sign-in is refused with a message, nothing is
// created or linked. A real local HTTP server stands in for api.github.com (outside our control);
// the OAuth redirect dance is next-auth's, so the test drives the configured provider's userinfo
// request and the signIn and jwt callbacks as next-auth would after GitHub's callback.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import type { Profile } from "next-auth";
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { authOptions } from "@/lib/console/auth-options";
import { issueEmailToken, PASSWORD_RESET_TTL_MS } from "@/lib/console/email-tokens";
import { GITHUB_EMAIL_UNVERIFIED, GITHUB_EMAIL_UNVERIFIED_MESSAGE } from "@/lib/console/github-profile";
import { resetPassword } from "@/lib/console/password-reset";
import { isSessionOpen } from "@/lib/console/sessions";
import { signUp } from "@/lib/console/sign-up";
import SignInPage from "@/app/merchant/sdk/(auth)/sign-in/page";
import { SignInForm } from "@/app/merchant/sdk/(auth)/sign-in/sign-in-form";

type GithubEmail = { email: string; primary: boolean; verified: boolean };
/** The stand-in's users by access token: the /user answer and the /user/emails list. */
const users = new Map<
  string,
  { id: number; login: string; name: string | null; emails: GithubEmail[] | "forbidden" }
>();
const seenAuthorization: string[] = [];
let github: Server;

beforeAll(async () => {
  github = createServer((request, response) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    seenAuthorization.push(request.headers.authorization ?? "");
    const user = users.get(token);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (!user) return send(401, { message: "Bad credentials" });
    if (request.url === "/user") return send(200, { id: user.id, login: user.login, name: user.name, email: null });
    if (request.url === "/user/emails")
      return user.emails === "forbidden" ? send(403, { message: "Resource not accessible" }) : send(200, user.emails);
    send(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
  // Set before anything reads configuration in this worker.
  process.env.GITHUB_ID = "test-client-id";
  process.env.GITHUB_SECRET = "test-client-secret";
  process.env.GITHUB_API_URL = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => github.close(() => resolve())));

const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.test`;

function githubUser(emails: GithubEmail[] | "forbidden") {
  const token = randomBytes(12).toString("hex");
  const id = Math.floor(Math.random() * 1e9);
  users.set(token, { id, login: `octo${id}`, name: "Octo Cat", emails });
  return { token, githubId: String(id) };
}

/** What the configured GitHub provider makes of the token: the profile next-auth hands the callbacks. */
async function profileFor(token: string): Promise<Profile> {
  const provider = authOptions().providers.find((p) => p.id === "github");
  const userinfo = provider && "options" in provider ? provider.options?.userinfo : undefined;
  if (!userinfo || typeof userinfo !== "object" || !userinfo.request) throw new Error("no GitHub userinfo request");
  return userinfo.request({
    tokens: { access_token: token },
    client: undefined as never,
    provider: undefined as never,
  });
}

/** next-auth's steps after GitHub's callback: signIn (true or a redirect), then jwt on success. */
async function signInWithGithub(token: string, githubId: string) {
  const { signIn, jwt } = authOptions({ address: "192.0.2.44" }).callbacks ?? {};
  if (!signIn || !jwt) throw new Error("authOptions lacks signIn or jwt");
  const profile = await profileFor(token);
  const account = { provider: "github", type: "oauth" as const, providerAccountId: githubId };
  const user = { id: githubId, email: profile.email, name: profile.name };
  const allowed = await signIn({ user, account, profile });
  if (allowed !== true) return { allowed, token: undefined };
  return { allowed, token: await jwt({ token: {}, user, account, profile, trigger: "signIn" }) };
}

describe("GitHub sign-in", () => {
  it("asks GitHub's emails API with the token and takes the verified primary address", async () => {
    const address = email("verified");
    const { token, githubId } = githubUser([
      { email: email("secondary"), primary: false, verified: true },
      { email: address, primary: true, verified: true },
    ]);
    const { allowed, token: jwt } = await signInWithGithub(token, githubId);
    expect(allowed).toBe(true);
    expect(seenAuthorization).toContain(`Bearer ${token}`);
    const merchant = await prisma().merchantUser.findUniqueOrThrow({ where: { githubId } });
    expect(jwt?.sub).toBe(merchant.id);
    expect(merchant.email).toBe(address);
    expect(merchant.emailVerifiedAt).not.toBeNull();
  });

  it("refuses, with a message, when the primary address is not verified, and creates nothing", async () => {
    const { token, githubId } = githubUser([
      { email: email("unverified"), primary: true, verified: false },
      { email: email("other"), primary: false, verified: true },
    ]);
    const { allowed } = await signInWithGithub(token, githubId);
    expect(allowed).toBe(`/merchant/sdk/sign-in?error=${GITHUB_EMAIL_UNVERIFIED}`);
    expect(await prisma().merchantUser.findUnique({ where: { githubId } })).toBeNull();
  });

  it("has the sign-in page say why, where next-auth sends the refused browser", async () => {
    const form = (element: ReactNode): ReactElement<{ initialError?: string }> | undefined => {
      if (!isValidElement<{ children?: ReactNode; initialError?: string }>(element)) return undefined;
      if (element.type === SignInForm) return element;
      return Children.toArray(element.props.children).map(form).find(Boolean);
    };
    const page = async (error?: string) =>
      form(await SignInPage({ searchParams: Promise.resolve(error ? { error } : {}) }))?.props.initialError;
    expect(await page(GITHUB_EMAIL_UNVERIFIED)).toBe(GITHUB_EMAIL_UNVERIFIED_MESSAGE);
    expect(await page("OAuthCallback")).toBe("Sign-in failed. Please try again.");
    expect(await page()).toBeUndefined();
  });

  it("refuses when the emails API cannot be read (no user:email scope)", async () => {
    const { token, githubId } = githubUser("forbidden");
    expect((await profileFor(token)).email).toBeUndefined();
    const { allowed } = await signInWithGithub(token, githubId);
    expect(allowed).toBe(`/merchant/sdk/sign-in?error=${GITHUB_EMAIL_UNVERIFIED}`);
  });

  it("never links to, or confirms, an existing account through an unverified address", async () => {
    const address = email("victim");
    const owner = await signUp(prisma(), { email: address, password: "a long enough password" });
    const { token, githubId } = githubUser([{ email: address, primary: true, verified: false }]);
    const { allowed } = await signInWithGithub(token, githubId);
    expect(allowed).not.toBe(true);
    const after = await prisma().merchantUser.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after.githubId).toBeNull();
    expect(after.emailVerifiedAt).toBeNull();
    expect(await prisma().merchantUser.findUnique({ where: { githubId } })).toBeNull();
  });

  it("has a password reset end the person's GitHub sessions too", async () => {
    const address = email("linked");
    const owner = await signUp(prisma(), { email: address, password: "a long enough password" });
    const { token, githubId } = githubUser([{ email: address, primary: true, verified: true }]);
    await prisma().merchantUser.update({ where: { id: owner.id }, data: { githubId } });
    const { token: jwt } = await signInWithGithub(token, githubId);
    if (!jwt?.sessionId || !jwt.sub) throw new Error("no GitHub session");
    expect(jwt.sub).toBe(owner.id);
    expect(await isSessionOpen(prisma(), jwt.sessionId, owner.id)).toBe(true);

    const link = await issueEmailToken(prisma(), {
      merchantId: owner.id,
      email: address,
      purpose: "password_reset",
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await transaction((tx) => resetPassword(tx, { token: link, password: "another long password 42" }, "192.0.2.45"));
    expect(await isSessionOpen(prisma(), jwt.sessionId, owner.id, Date.now() + 10_000)).toBe(false);
  });
});
