// The page an address-confirmation link opens (lib/console/email-verification.ts).
import type { Metadata } from "next";
import { connection } from "next/server";
import { LinkCard } from "@/app/merchant/sdk/_components/link-card";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { VerifyEmailForm } from "./verify-email-form";

export const metadata: Metadata = { title: "Confirm your email address" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const { token = "" } = await readQuery(searchParams, ["token"]);
  return (
    <LinkCard title="Confirm your email address">
      <p className="mt-1 text-sm text-slate-600">Live keys and live webhook endpoints need a confirmed address.</p>
      <VerifyEmailForm token={token} />
    </LinkCard>
  );
}
