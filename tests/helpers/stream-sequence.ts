// Events a test writes straight to the table name no wallet, so they share their application's
// stream of a mode, whose numbers the database keeps unique (Event_application_stream_sequence_key;
// docs/decisions/event-sequence.md). Each such event takes this process's next number, from far
// above the numbers recordEvent gives the same stream (from 1, under the stream's counter): an
// operational event the code records (an endpoint disabled, a secret rolled) never collides with them.
let last = 1_000_000;

export function nextStreamSequence(): number {
  return reserveStreamSequences(1);
}

/** The first of `count` consecutive numbers no other event of this process takes. */
export function reserveStreamSequences(count: number): number {
  const first = last + 1;
  last += count;
  return first;
}
