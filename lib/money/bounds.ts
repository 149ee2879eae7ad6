// The bounds of money. An amount in a request is at most MAX_AMOUNT major units, inclusive: the
// zod schema, the OpenAPI document (generated from it) and toMinor all read this one constant.
// The bound of a balance in minor units. Balances live in PostgreSQL BIGINT columns, so the most a
// balance can hold is that type's maximum (the database also refuses a negative wallet balance,
// prisma/migrations/*_database_guards_money). A change that would take a balance past it is refused
// before it is written, with balance_limit_exceeded (lib/ledger/post-transfer.ts).

/** The largest balance, in minor units: 2^63 - 1, what a BIGINT holds. */
export const MAX_BALANCE_MINOR = 2n ** 63n - 1n;

/** The largest amount a request may carry, in major units, inclusive (10^15). */
export const MAX_AMOUNT = 1e15;
