// Events a test writes straight to the table name no wallet, so they share their application's
// stream of a mode, whose numbers the database keeps unique (Event_application_stream_sequence_key;
// docs/decisions/event-sequence.md). Each such event takes this process's next number.
let last = 0;

export function nextStreamSequence(): number {
  return reserveStreamSequences(1);
}

/** The first of `count` consecutive numbers no other event of this process takes. */
export function reserveStreamSequences(count: number): number {
  const first = last + 1;
  last += count;
  return first;
}
