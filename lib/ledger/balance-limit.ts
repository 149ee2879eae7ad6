// The one refusal for a balance change the ledger cannot hold (docs/decisions/amount-bounds.md):
// checked before writing, and, should the database still meet a value past its column, the
// database's out-of-range error read as the same refusal instead of a 500.
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { MAX_BALANCE_MINOR } from "@/lib/money/bounds";

const NUMERIC_VALUE_OUT_OF_RANGE = "22003";

export function balanceLimitExceeded(currency: string): DomainError {
  return new DomainError(
    "balance_limit_exceeded",
    `This would take the ${currency} balance past the most the ledger holds (${MAX_BALANCE_MINOR} minor units); nothing was recorded.`,
    { param: "amount" },
  );
}

function hasCode(value: unknown, code: string): boolean {
  return typeof value === "object" && value !== null && "code" in value && value.code === code;
}

/** Whether `error` is the database refusing a number too large for its column (SQLSTATE 22003). */
export function isValueOutOfRange(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // P2020 from model queries; raw queries (P2010) carry the SQLSTATE in the adapter's cause.
    if (error.code === "P2020") return true;
    const adapterError = error.meta?.driverAdapterError;
    const cause =
      typeof adapterError === "object" && adapterError !== null && "cause" in adapterError
        ? adapterError.cause
        : undefined;
    return (
      typeof cause === "object" &&
      cause !== null &&
      "originalCode" in cause &&
      cause.originalCode === NUMERIC_VALUE_OUT_OF_RANGE
    );
  }
  // node-postgres errors (pg.DatabaseError) carry the SQLSTATE as `code`.
  return hasCode(error, NUMERIC_VALUE_OUT_OF_RANGE);
}
