// Cursor pagination shared by every list endpoint: the query it takes, how it finds its place,
// and the page it returns.
import { z } from "zod";
import { DomainError } from "@/lib/errors";

export const listQuerySchema = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .meta({ description: "Items per page, 1-100.", example: 20 }),
    starting_after: z.string().min(1).max(64).optional().meta({
      description:
        "Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items.",
    }),
  })
  .strict();

export type ListQuery = z.output<typeof listQuerySchema>;

export type ListPage<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

/** A page of `item`s, documented as component `id` with an example page. */
export function listSchema<T extends z.ZodType>(item: T, id: string, example: ListPage<z.output<T>>) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item).meta({ description: "Newest first." }),
      has_more: z.boolean().meta({ description: "true when another page follows." }),
      next_cursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `starting_after` to read the next page; null on the last page." }),
    })
    .meta({ id, example });
}

/** Builds a page from up to limit+1 rows read newest first: the extra row only says more exist. */
export function toPage<T extends { id: string }>(rows: T[], limit: number): ListPage<T> {
  const data = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { object: "list", data, has_more: hasMore, next_cursor: hasMore ? (data[data.length - 1]?.id ?? null) : null };
}

/** Loads the row `starting_after` names through `load`, or answers 400 when it names none of this list's rows. */
export async function findCursor<C>(
  startingAfter: string | undefined,
  what: string,
  load: (id: string) => Promise<C | null>,
): Promise<C | undefined> {
  if (startingAfter === undefined) return undefined;
  const cursor = await load(startingAfter);
  if (!cursor) {
    throw new DomainError("validation_failed", `starting_after must be the id of ${what}.`, {
      param: "starting_after",
    });
  }
  return cursor;
}

/** Newest first; the id breaks ties between rows created in the same millisecond. */
export const NEWEST_FIRST: [{ createdAt: "desc" }, { id: "desc" }] = [{ createdAt: "desc" }, { id: "desc" }];

/** The rows after `cursor` in NEWEST_FIRST order, as a where clause to spread; all rows without one. */
/** One page's bounds for a newest-first (createdAt, id) list: spread `where` into the query, read `take` rows. */
export type Keyset = { where: ReturnType<typeof afterCursor>; take: number };

export function afterCursor(cursor: { createdAt: Date; id: string } | undefined) {
  return cursor
    ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }
    : {};
}
