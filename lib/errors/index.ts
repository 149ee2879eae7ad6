// The errors every domain throws and the codes they carry, with no HTTP in them.
export { ERROR_CODE_MEANINGS, ERROR_CODES, type ErrorCode } from "./codes";
export { DomainError, type DomainErrorOptions, type ErrorDetail } from "./domain-error";
