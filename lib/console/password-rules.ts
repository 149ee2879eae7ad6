// Password rules the browser may know too (this file has no server-only imports).
export const MIN_PASSWORD_LENGTH = 10;
/** The least zxcvbn score (0-4) a new console password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;
