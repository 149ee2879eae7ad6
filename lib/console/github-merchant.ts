// Finds or creates the console account for a GitHub sign-in, keyed by the GitHub user id. An
// existing password account with the same email is not taken over: linking needs that password. A
// new person gets an account of their own, as a sign-up does. The address is always one GitHub marks
// verified and primary (github-profile.ts): without one there is no GitHub sign-in at all.
import type { Db } from "@/lib/db/client";
import { createAccount } from "@/lib/accounts/create-account";
import { newId } from "@/lib/ids";

export async function githubMerchant(db: Db, input: { githubId: string; verifiedEmail: string; name: string | null }) {
  const existing = await db.merchantUser.findUnique({ where: { githubId: input.githubId } });
  if (existing) return existing;
  const email = input.verifiedEmail.toLowerCase();
  const taken = await db.merchantUser.findUnique({ where: { email }, select: { id: true } });
  const merchant = await db.merchantUser.create({
    data: {
      id: newId("usr"),
      githubId: input.githubId,
      email: taken ? `github-${input.githubId}@users.noreply.github.com` : email,
      name: input.name,
      // The address GitHub gave us is one GitHub verified (docs/decisions/teams-and-roles.md).
      emailVerifiedAt: taken ? null : new Date(),
    },
  });
  await createAccount(db, { name: input.name?.trim() || merchant.email, ownerId: merchant.id });
  return merchant;
}
