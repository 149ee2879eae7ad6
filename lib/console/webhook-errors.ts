// Turns the webhooks domain's refusals into console errors: not found, a limit, or a field to fix.
import { DomainError } from "@/lib/errors";
import { EndpointError } from "@/lib/webhooks/endpoints";
import { ConsoleFieldError, ConsoleLimitError, ConsoleNotFoundError, ConsoleRefusalError } from "./errors";

export async function asConsoleErrors<T>(work: () => Promise<T>, field = "url"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EndpointError)
      throw new ConsoleFieldError(/event kind/i.test(error.message) ? "events" : field, error.message);
    if (error instanceof DomainError) {
      if (error.code === "delivery_not_found") throw new ConsoleNotFoundError("Delivery");
      if (error.code === "replay_limited") {
        const retryAfter = error.retryAfterSeconds;
        throw new ConsoleLimitError(
          `Replay limit reached. ${error.message}${retryAfter ? ` Try again in ${waitText(retryAfter)}.` : ""}`,
        );
      }
      throw new ConsoleRefusalError(error.message);
    }
    throw error;
  }
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
