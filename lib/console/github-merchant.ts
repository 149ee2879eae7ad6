// Finds or creates the console account for a GitHub sign-in, keyed by the GitHub user id. An
// existing password account with the same email is not taken over: linking needs that password.
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export async function githubMerchant(db: Db, input: { githubId: string; email: string | null; name: string | null }) {
  const existing = await db.merchantUser.findUnique({ where: { githubId: input.githubId } });
  if (existing) return existing;
  const email = input.email?.toLowerCase();
  const taken = email ? await db.merchantUser.findUnique({ where: { email }, select: { id: true } }) : null;
  return db.merchantUser.create({
    data: {
      id: newId("usr"),
      githubId: input.githubId,
      email: email && !taken ? email : `github-${input.githubId}@users.noreply.github.com`,
      name: input.name,
    },
  });
}
