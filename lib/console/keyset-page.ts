// Console lists page newest first by (createdAt, id), keyed by the last row's id: a page link stays
// right however many rows arrive meanwhile, and the query walks an index instead of an OFFSET.
import { DomainError } from "@/lib/errors";
import { afterCursor, toPage, type Keyset, type ListPage } from "@/lib/schemas/pagination";

export const CONSOLE_PAGE_SIZE = 50;

type KeysetCursor = { createdAt: Date; id: string };

export type ConsolePage<T> = {
  rows: T[];
  nextCursor: string | null;
  /** The `after` asked for names no row of this list (another list's, mode's or merchant's): no rows. */
  unknownCursor?: true;
};

const UNKNOWN_CURSOR: ConsolePage<never> = { rows: [], nextCursor: null, unknownCursor: true };

/**
 * One page after the row `after` names. `findRow` looks that id up within the list's own scope, so a
 * cursor from elsewhere is answered as unknown rather than leaking where another list stands;
 * `readRows` spreads `where` into its query and orders by NEWEST_FIRST.
 */
export async function readConsolePage<T extends { id: string }>(
  after: string | undefined,
  findRow: (id: string) => Promise<KeysetCursor | null>,
  readRows: (keyset: Keyset) => Promise<T[]>,
): Promise<ConsolePage<T>> {
  const cursor = after ? await findRow(after) : null;
  if (after && !cursor) return UNKNOWN_CURSOR;
  // Read one row more than a page: toPage uses it only to say another page follows.
  const page = toPage(
    await readRows({ where: afterCursor(cursor ?? undefined), take: CONSOLE_PAGE_SIZE + 1 }),
    CONSOLE_PAGE_SIZE,
  );
  return { rows: page.data, nextCursor: page.next_cursor };
}

/** A page of a list read through an SDK list function, whose refusal of `starting_after` means an unknown cursor. */
export async function readListPage<T>(
  after: string | undefined,
  read: (query: { limit: number; starting_after: string | undefined }) => Promise<ListPage<T>>,
): Promise<ConsolePage<T>> {
  try {
    const page = await read({ limit: CONSOLE_PAGE_SIZE, starting_after: after || undefined });
    return { rows: page.data, nextCursor: page.next_cursor };
  } catch (error) {
    if (error instanceof DomainError && error.param === "starting_after") return UNKNOWN_CURSOR;
    throw error;
  }
}
