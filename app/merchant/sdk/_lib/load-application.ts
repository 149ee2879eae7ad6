// Loads the application a console page is about, for the signed-in merchant only; any other id is a 404.
import { notFound } from "next/navigation";
import { prisma } from "@/lib/db/client";
import { ConsoleNotFoundError } from "@/lib/console/errors";
import { requireApplication } from "@/lib/console/require-application";
import { requireMerchant } from "@/lib/console/session";

export async function loadApplication(applicationId: string) {
  const merchant = await requireMerchant();
  try {
    const application = await requireApplication(prisma(), merchant.id, applicationId);
    return { merchant, application };
  } catch (error) {
    if (error instanceof ConsoleNotFoundError) notFound();
    throw error;
  }
}

/** Runs a read for a page, turning "not yours / not there" into the 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ConsoleNotFoundError) notFound();
    throw error;
  }
}
