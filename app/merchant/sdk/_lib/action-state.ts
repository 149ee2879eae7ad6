// What a console server action returns to its form, and the one place console errors become it.
import { isConsoleError } from "@/lib/console/errors";

export type ActionState = {
  status: "idle" | "ok" | "error";
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  /** A secret shown once (a new API key, a rolled webhook secret) or on an explicit reveal. */
  secret?: string;
  /** On a reveal of a signing secret: the mode's pending secret too, when a roll is waiting. */
  pendingSecret?: string;
  /** The action is sensitive and the merchant must re-authenticate first; the form asks, then retries. */
  reauthRequired?: boolean;
};

export const idleState: ActionState = { status: "idle" };

export async function runAction(
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- an action that only writes returns nothing: an async function with no return is Promise<void>
  work: () => Promise<Omit<ActionState, "status"> | void>,
  values?: Record<string, string>,
): Promise<ActionState> {
  try {
    const result = await work();
    return { status: "ok", ...result };
  } catch (error) {
    if (!isConsoleError(error)) throw error;
    switch (error.code) {
      case "reauth_required":
        return { status: "error", reauthRequired: true, message: error.message, values };
      case "field":
        return { status: "error", fieldErrors: { [error.field]: error.message }, values };
      case "not_found":
      case "limited":
      case "refused":
      case "forbidden":
        return { status: "error", message: error.message, values };
    }
  }
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
