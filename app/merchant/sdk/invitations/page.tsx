// The page an invitation link opens: who invited whom to which account as what, and how to accept
// (signed in as the invited address, or by creating its account); or why the link cannot be used.
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { prisma } from "@/lib/db/client";
import { isConsoleError } from "@/lib/console/errors";
import { currentMerchant } from "@/lib/console/session";
import { findInvitation } from "@/lib/console/team";
import { LinkCard } from "@/app/merchant/sdk/_components/link-card";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { AcceptInvitationForm, JoinWithNewAccountForm } from "./invitation-forms";

export const metadata: Metadata = { title: "Invitation" };

const linkClass = "font-medium text-indigo-600 hover:underline";

export default async function InvitationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const { token = "" } = await readQuery(searchParams, ["token"]);
  let invitation;
  try {
    invitation = await findInvitation(prisma(), token);
  } catch (error) {
    if (!isConsoleError(error)) throw error;
    return (
      <LinkCard title="Invitation">
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error.message}
        </p>
        <p className="mt-3 text-sm">
          <Link href="/merchant/sdk" className={linkClass}>
            Go to the console
          </Link>
        </p>
      </LinkCard>
    );
  }
  const merchant = await currentMerchant();
  const inviter = invitation.invitedBy.name ?? invitation.invitedBy.email;
  const hasAccount = merchant
    ? true
    : Boolean(await prisma().merchantUser.findUnique({ where: { email: invitation.email }, select: { id: true } }));
  return (
    <LinkCard title={`Join ${invitation.account.name}`}>
      <p className="mt-2 text-sm text-slate-600">
        <bdi>{inviter}</bdi> invited <span className="break-all">{invitation.email}</span> to the account{" "}
        <strong>
          <bdi>{invitation.account.name}</bdi>
        </strong>{" "}
        as <strong>{invitation.role}</strong>.
      </p>
      {merchant ? (
        merchant.email.toLowerCase() === invitation.email ? (
          <AcceptInvitationForm token={token} />
        ) : (
          <p role="alert" className="mt-4 text-sm text-red-600">
            You are signed in as <span className="break-all">{merchant.email}</span>. Sign out, then open this link
            again and sign in as <span className="break-all">{invitation.email}</span>.
          </p>
        )
      ) : hasAccount ? (
        <p className="mt-4 text-sm text-slate-700">
          <Link href="/merchant/sdk/sign-in" className={linkClass}>
            Sign in
          </Link>{" "}
          as <span className="break-all">{invitation.email}</span>, then open this link again to accept.
        </p>
      ) : (
        <JoinWithNewAccountForm token={token} email={invitation.email} />
      )}
    </LinkCard>
  );
}
