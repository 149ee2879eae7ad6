// The running balance each wallet entry stores, read by statements and the transactions page.

/** The running balance stored on a wallet entry; the trigger writes one on every wallet entry. */
export function storedBalance(entry: { id: bigint; balanceAfter: bigint | null }): bigint {
  if (entry.balanceAfter === null) throw new Error(`ledger entry ${entry.id} has no balanceAfter`);
  return entry.balanceAfter;
}
