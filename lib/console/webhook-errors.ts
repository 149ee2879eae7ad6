// Turns the webhooks domain's refusals into console errors by their type and code (never their
// text): not found, a limit, a refusal, or a field to fix.
import { DomainError } from "@/lib/errors";
import { EndpointError } from "@/lib/webhooks/endpoints";
import { ConsoleError } from "./errors";

export async function asConsoleErrors<T>(work: () => Promise<T>, field = "url"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EndpointError) throw ConsoleError.field(error.input ?? field, error.message);
    if (error instanceof DomainError) {
      if (error.code === "delivery_not_found") throw ConsoleError.notFound("Delivery");
      if (error.code === "replay_limited") {
        const retryAfter = error.retryAfterSeconds;
        throw ConsoleError.limited(
          `Replay limit reached. ${error.message}${retryAfter ? ` Try again in ${waitText(retryAfter)}.` : ""}`,
        );
      }
      throw ConsoleError.refused(error.message);
    }
    throw error;
  }
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
