// Password rules the browser may know too (this file has no server-only imports).
export const MIN_PASSWORD_LENGTH = 10;
