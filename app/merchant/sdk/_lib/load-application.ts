// Loads the application a console page is about, for the signed-in merchant only; any other id is a 404.
import { notFound } from "next/navigation";
import { cache } from "react";
import { prisma } from "@/lib/db/client";
import { isConsoleError } from "@/lib/console/errors";
import { requireApplication } from "@/lib/console/require-application";
import { requireMerchant } from "@/lib/console/session";

// cache(): the application layout and its page both load it; one query per request serves both.
export const loadApplication = cache(async (applicationId: string) => {
  const merchant = await requireMerchant();
  const application = await orNotFound(requireApplication(prisma(), merchant.id, applicationId));
  return { merchant, application };
});

/** Runs a read for a page, turning "not yours / not there" into the 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isConsoleError(error, "not_found")) notFound();
    throw error;
  }
}
