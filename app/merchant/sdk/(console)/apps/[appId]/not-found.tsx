"use client";
// An unknown page or object of an application (a wallet, delivery or key id that is not there or not
// this merchant's), inside the application's navigation; still answered with 404.
import { useParams } from "next/navigation";
import { NotFoundMessage } from "@/app/merchant/sdk/_components/not-found-message";

export default function ApplicationNotFound() {
  const { appId } = useParams<{ appId: string }>();
  return <NotFoundMessage backHref={`/merchant/sdk/apps/${appId}`} backLabel="Back to the overview" />;
}
