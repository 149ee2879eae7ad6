// The two ways a console operation refuses: the thing is not the merchant's (shown as 404), or one
// form field is wrong (shown next to that field).
export class ConsoleNotFoundError extends Error {
  override name = "ConsoleNotFoundError";
  constructor(what = "That item") {
    super(`${what} was not found.`);
  }
}

export class ConsoleFieldError extends Error {
  override name = "ConsoleFieldError";
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A rate limit the console enforces (login, replays); the message says when to try again. */
export class ConsoleLimitError extends Error {
  override name = "ConsoleLimitError";
}

/** The operation cannot be done in the thing's current state (e.g. replaying to a disabled endpoint). */
export class ConsoleRefusalError extends Error {
  override name = "ConsoleRefusalError";
}

/**
 * A sensitive action (revealing or rolling a secret, a live key or endpoint, 2FA changes) asked of a
 * merchant who has not given their password or a TOTP code within the last few minutes.
 */
export class ConsoleReauthRequiredError extends Error {
  override name = "ConsoleReauthRequiredError";
  constructor(message = "Confirm it is you: enter your password or an authentication code.") {
    super(message);
  }
}
