// Console actions refuse by throwing a ConsoleError; tests compare its code, and any other error
// (or none at all) fails the test rather than reading as the expected refusal.
import { isConsoleError, type ConsoleError, type ConsoleErrorCode } from "@/lib/console/errors";

/** The code of the ConsoleError that `work` rejects with; throws when it resolves or fails otherwise. */
export async function refusal(work: Promise<unknown>): Promise<ConsoleErrorCode> {
  try {
    await work;
  } catch (error) {
    if (isConsoleError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** The ConsoleError itself (its code, field and message); throws when `work` resolves or fails otherwise. */
export async function consoleRefusal(work: Promise<unknown>): Promise<ConsoleError> {
  try {
    await work;
  } catch (error) {
    if (isConsoleError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
