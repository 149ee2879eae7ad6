// How a console operation refuses: one error carrying a code, which says where the refusal is shown
// (app/merchant/sdk/_lib/action-state.ts), and the user-facing message itself.
export type ConsoleErrorCode =
  /** The thing is not the merchant's, or does not exist: shown as 404. */
  | "not_found"
  /** One form field is wrong: shown next to that field. */
  | "field"
  /** A rate limit the console enforces (login, replays); the message says when to try again. */
  | "limited"
  /** The operation cannot be done in the thing's current state (e.g. replaying to a disabled endpoint). */
  | "refused"
  /** The member's role does not allow it (lib/console/roles.ts); said, not hidden as a 404. */
  | "forbidden"
  /**
   * A sensitive action (revealing or rolling a secret, a live key or endpoint, 2FA changes) asked of
   * a merchant who has not given their password or a TOTP code within the last few minutes.
   */
  | "reauth_required";

export class ConsoleError extends Error {
  override name = "ConsoleError";
  private constructor(
    readonly code: ConsoleErrorCode,
    message: string,
    /** The form field a `field` refusal is about. */
    readonly field = "form",
  ) {
    super(message);
  }

  static notFound(what = "That item"): ConsoleError {
    return new ConsoleError("not_found", `${what} was not found.`);
  }

  static field(field: string, message: string): ConsoleError {
    return new ConsoleError("field", message, field);
  }

  static limited(message: string): ConsoleError {
    return new ConsoleError("limited", message);
  }

  static refused(message: string): ConsoleError {
    return new ConsoleError("refused", message);
  }

  static forbidden(message: string): ConsoleError {
    return new ConsoleError("forbidden", message);
  }

  static reauthRequired(message = "Confirm it is you: enter your password or an authentication code."): ConsoleError {
    return new ConsoleError("reauth_required", message);
  }
}

/** Whether `error` is a console refusal, with that code when one is given. */
export function isConsoleError(error: unknown, code?: ConsoleErrorCode): error is ConsoleError {
  return error instanceof ConsoleError && (code === undefined || error.code === code);
}
